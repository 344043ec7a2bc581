// Command webhooks measures the webhook inbox's promise under a crash: of
// 1,000 signed webhooks sent in 10 s to `knitfront serve`, killed with
// SIGKILL halfway and started again, every one whose 200 was sent is
// applied exactly once.
//
// The shop is a generated one of 1,000 products served by the offline
// Admin API stand-in (internal/shopifydev) in this process; each event is a
// real change in it (a product's price in LT, a different product each
// time) followed by the signed products/update webhook the stand-in sends.
// An event is accepted when the server answered 200, kept when the inbox
// holds it, and applied when the inbox marks it applied and the catalogue
// has its price. Since each event changes its own product, an event whose
// price the catalogue already had at the kill but which the inbox had not
// marked applied is applied a second time after the restart: those are the
// duplicates.
package main

import (
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	_ "modernc.org/sqlite"

	"knitfront/internal/catalog"
	"knitfront/internal/money"
	"knitfront/internal/shopifydev"
)

const (
	events   = 1000
	duration = 10 * time.Second
	// killAt is the event after which the server is killed.
	killAt = events / 2
	// maxDrain bounds the wait for every accepted event to be applied after
	// the restart: events the killed server had taken are taken again once
	// their lease (2 minutes) runs out.
	maxDrain = 4 * time.Minute

	adminToken    = "shpat_bench"
	webhookSecret = "bench-webhook-secret"
	// priceBase is where the changed prices start, in cents, above every
	// generated price, so that a changed price is never an old one.
	priceBase = 100_000
)

func main() {
	knitfront := flag.String("knitfront", "bin/knitfront", "the built knitfront binary whose webhook inbox is measured")
	flag.Parse()
	if err := run(*knitfront); err != nil {
		fmt.Fprintln(os.Stderr, "bench/webhooks:", err)
		os.Exit(1)
	}
}

// server is a running `knitfront serve`.
type server struct {
	cmd  *exec.Cmd
	addr string
}

func run(knitfront string) error {
	dir, err := os.MkdirTemp("", "knitfront-bench-webhooks-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	dbPath := filepath.Join(dir, "k.db")
	shop := shopifydev.Generated(events, 1, time.Now())
	standIn := shopifydev.New(shop, adminToken, time.Now)
	admin := httptest.NewServer(standIn)
	defer admin.Close()

	addr, err := freeAddress()
	if err != nil {
		return err
	}
	env := append(os.Environ(),
		"DATABASE_URL=sqlite:"+dbPath,
		"KNITFRONT_ADDR="+addr,
		"KNITFRONT_SHOPIFY_SHOP="+admin.URL,
		"KNITFRONT_SHOPIFY_ADMIN_TOKEN="+adminToken,
		"KNITFRONT_SHOPIFY_WEBHOOK_SECRET="+webhookSecret,
		"KNITFRONT_SYNC_INTERVAL=0",
		"KNITFRONT_LOG_LEVEL=error",
	)
	if out, err := command(knitfront, env, "sync").CombinedOutput(); err != nil {
		return fmt.Errorf("the first sync: %v\n%s", err, out)
	}
	standIn.SendWebhooksTo("http://"+addr+"/webhooks/shopify", []byte(webhookSecret))

	srv, err := start(knitfront, env, addr)
	if err != nil {
		return err
	}
	// Each event is sent on its tick whatever became of the others, so the
	// kill cuts requests in flight, and the events sent while the server is
	// down are refused, as they would be from Shopify.
	accepted := make([]bool, events)
	var sending sync.WaitGroup
	var atKill map[int64]bool
	restarted := make(chan error, 1)
	began := time.Now()
	for i, p := range shop.Products {
		time.Sleep(time.Until(began.Add(duration * time.Duration(i) / events)))
		sending.Go(func() {
			err := standIn.Apply(shopifydev.Change{Kind: "price", Variant: p.Variants[0].ID, Market: money.LT, Price: priceBase + money.Amount(i)})
			accepted[i] = err == nil
		})
		if i+1 == killAt {
			go func() {
				restarted <- func() error {
					if err := srv.cmd.Process.Signal(syscall.SIGKILL); err != nil {
						return err
					}
					_ = srv.cmd.Wait()
					var err error
					if atKill, err = committedButUnmarked(dbPath, shop.Products); err != nil {
						return err
					}
					srv, err = start(knitfront, env, addr)
					return err
				}()
			}()
		}
	}
	sending.Wait()
	sent := time.Since(began)
	if err := <-restarted; err != nil {
		return err
	}
	defer func() {
		_ = srv.cmd.Process.Signal(syscall.SIGTERM)
		_ = srv.cmd.Wait()
	}()

	var final inboxState
	drained := time.Now()
	for {
		if final, err = readInbox(dbPath); err != nil {
			return err
		}
		if final.allApplied(accepted) || time.Since(drained) > maxDrain {
			break
		}
		time.Sleep(time.Second)
	}
	var nAccepted, kept, applied, duplicates int
	for i, p := range shop.Products {
		if !accepted[i] {
			continue
		}
		nAccepted++
		id := p.ID
		if final.kept[id] {
			kept++
		}
		if final.applied[id] && final.priceLT[p.Variants[0].ID] == priceBase+money.Amount(i) {
			applied++
		}
		if atKill[id] {
			duplicates++
		}
	}
	fmt.Printf("webhook burst: %d events sent in %.1f s, the server killed with SIGKILL after event %d and started again\n",
		events, sent.Seconds(), killAt)
	ok := applied == nAccepted && kept == nAccepted && duplicates == 0
	fmt.Printf("webhook burst: %d accepted (200), %d kept in the inbox, %d applied, %d applied twice, all applied %.1f s after the last was sent (budget: every accepted event applied exactly once): %s\n",
		nAccepted, kept, applied, duplicates, time.Since(drained).Seconds(), verdict(ok))
	if !ok {
		return errors.New("over budget")
	}
	return nil
}

func command(knitfront string, env []string, args ...string) *exec.Cmd {
	cmd := exec.Command(knitfront, args...)
	cmd.Env = env
	return cmd
}

// start runs `knitfront serve` and waits until it answers.
func start(knitfront string, env []string, addr string) (*server, error) {
	cmd := command(knitfront, env, "serve")
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get("http://" + addr + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return &server{cmd: cmd, addr: addr}, nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	return nil, fmt.Errorf("knitfront serve did not answer on %s within 30 s", addr)
}

// freeAddress is a loopback address no one listens on now.
func freeAddress() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// inboxState is what the database holds of the events, by product id.
type inboxState struct {
	kept, applied map[int64]bool
	// priceLT is each variant's LT price in the catalogue.
	priceLT map[int64]money.Amount
}

func (s inboxState) allApplied(accepted []bool) bool {
	n := 0
	for _, a := range accepted {
		if a {
			n++
		}
	}
	applied := 0
	for _, a := range s.applied {
		if a {
			applied++
		}
	}
	return applied >= n
}

// readInbox reads the inbox and the catalogue's LT prices. Each event's
// body names its product.
func readInbox(dbPath string) (inboxState, error) {
	db, err := sql.Open("sqlite", "file:"+dbPath+"?_pragma=busy_timeout(5000)")
	if err != nil {
		return inboxState{}, err
	}
	defer db.Close()
	s := inboxState{kept: map[int64]bool{}, applied: map[int64]bool{}, priceLT: map[int64]money.Amount{}}
	rows, err := db.Query(`SELECT body, applied_at IS NOT NULL FROM shopify_webhook_events`)
	if err != nil {
		return inboxState{}, err
	}
	for rows.Next() {
		var body string
		var applied bool
		if err := rows.Scan(&body, &applied); err != nil {
			rows.Close()
			return inboxState{}, err
		}
		var event struct {
			ID int64 `json:"id"`
		}
		if err := json.Unmarshal([]byte(body), &event); err != nil {
			rows.Close()
			return inboxState{}, fmt.Errorf("an event's body %q: %w", body, err)
		}
		s.kept[event.ID] = true
		s.applied[event.ID] = s.applied[event.ID] || applied
	}
	if err := rows.Close(); err != nil {
		return inboxState{}, err
	}
	prices, err := db.Query(`SELECT variant_id, amount FROM variant_prices WHERE market = 'LT'`)
	if err != nil {
		return inboxState{}, err
	}
	defer prices.Close()
	for prices.Next() {
		var id int64
		var amount money.Amount
		if err := prices.Scan(&id, &amount); err != nil {
			return inboxState{}, err
		}
		s.priceLT[id] = amount
	}
	return s, prices.Err()
}

// committedButUnmarked reads the database of the killed server: the
// products whose event's change the catalogue has although the inbox has
// not marked the event applied, which the restarted server applies again.
func committedButUnmarked(dbPath string, products []catalog.Product) (map[int64]bool, error) {
	s, err := readInbox(dbPath)
	if err != nil {
		return nil, err
	}
	twice := map[int64]bool{}
	for i, p := range products {
		if s.kept[p.ID] && !s.applied[p.ID] && s.priceLT[p.Variants[0].ID] == priceBase+money.Amount(i) {
			twice[p.ID] = true
		}
	}
	return twice, nil
}

func verdict(ok bool) string {
	if ok {
		return "within budget"
	}
	return "OVER BUDGET"
}
