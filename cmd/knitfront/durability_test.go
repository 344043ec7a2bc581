package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"knitfront/internal/store/storetest"
)

// The durability test posts this many reviews from each of its posters in
// turn until it has this many answered 201, then kills the server.
const (
	durabilityPosters = 8
	killAfterAcks     = 200
	demoKnitters      = 7
)

// TestAcknowledgedReviewsSurviveKill starts the built server as a process
// of its own on each engine, posts reviews from several goroutines, kills
// the server with SIGKILL while posts are in flight, restarts it on the same
// database and looks for every review that was answered 201.
func TestAcknowledgedReviewsSurviveKill(t *testing.T) {
	bin := buildKnitfront(t)
	for _, engine := range storetest.Engines(t) {
		t.Run(string(engine.Name), func(t *testing.T) {
			vars := map[string]string{
				"DATABASE_URL":                engine.NewURL(t),
				"KNITFRONT_ADDR":              "127.0.0.1:0",
				"KNITFRONT_ALLOWED_ORIGINS":   "https://shop.example",
				"KNITFRONT_REVIEW_RATE_LIMIT": "10000/1m",
			}
			runOK(t, vars, "import", "../../data/demo/catalog.json")

			server := startProcess(t, bin, vars)
			acked, cutOff := postUntilKilled(t, server.addr, server.cmd)

			stored := listAllReviews(t, startProcess(t, bin, vars).addr)
			survived := 0
			for id, body := range acked {
				if stored[id] == body {
					survived++
				} else {
					t.Errorf("review %d (%q) was answered 201 but is gone after the kill", id, body)
				}
			}
			t.Logf("%s: acknowledged %d, survived %d (%d requests cut off by the kill, %d reviews stored in all)",
				engine.Name, len(acked), survived, cutOff, len(stored))
			if len(acked) < killAfterAcks {
				t.Errorf("only %d reviews were acknowledged before the kill; want at least %d", len(acked), killAfterAcks)
			}
		})
	}
}

// buildKnitfront builds the binary for tests that run it as a process.
func buildKnitfront(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "knitfront")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// serveProcess is `knitfront serve` running as a process of its own.
type serveProcess struct {
	cmd  *exec.Cmd
	addr string
	logs *syncBuffer
	// exited is closed once the process exited; cmd.ProcessState then
	// tells how.
	exited chan struct{}
}

// startProcess runs `knitfront serve` as a process and returns it once it
// listens. The test's end kills it if it still runs.
func startProcess(t *testing.T, bin string, vars map[string]string) *serveProcess {
	t.Helper()
	cmd := exec.Command(bin, "serve")
	cmd.Env = os.Environ()
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	logs := &syncBuffer{}
	cmd.Stderr = logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		if m := listening.FindStringSubmatch(logs.String()); m != nil {
			return &serveProcess{cmd: cmd, addr: m[1], logs: logs, exited: exited}
		}
		select {
		case <-exited:
			t.Fatalf("knitfront serve exited before listening:\n%s", logs)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("knitfront serve did not listen within 20s:\n%s", logs)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// postUntilKilled posts reviews from several goroutines, kills the server
// with SIGKILL once killAfterAcks were answered 201, and returns the
// acknowledged reviews (id to body) and how many posts the kill cut off.
func postUntilKilled(t *testing.T, addr string, server *exec.Cmd) (acked map[int64]string, cutOff int) {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: durabilityPosters}}
	var mu sync.Mutex
	acked = map[int64]string{}
	var failed atomic.Int64
	enough := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	for poster := range durabilityPosters {
		wg.Go(func() {
			for i := 0; ; i++ {
				body := fmt.Sprintf("Poster %d, review %d: lovely work.", poster, i)
				payload, _ := json.Marshal(map[string]string{"body": body, "created_by": "Durability test"})
				req, _ := http.NewRequest(http.MethodPost, fmt.Sprintf("%s/api/knitters/%d/reviews", addr, (poster+i)%demoKnitters+1), strings.NewReader(string(payload)))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Origin", "https://shop.example")
				resp, err := client.Do(req)
				if err != nil {
					failed.Add(1) // the server is gone: this post's fate is unknown
					return
				}
				var r struct {
					ID int64 `json:"id"`
				}
				decodeErr := json.NewDecoder(resp.Body).Decode(&r)
				resp.Body.Close()
				if resp.StatusCode != http.StatusCreated || decodeErr != nil {
					// Cut off mid-answer by the kill, or a real failure.
					failed.Add(1)
					if resp.StatusCode != http.StatusCreated {
						t.Errorf("post answered %d", resp.StatusCode)
					}
					return
				}
				mu.Lock()
				acked[r.ID] = body
				if len(acked) >= killAfterAcks {
					once.Do(func() { close(enough) })
				}
				mu.Unlock()
			}
		})
	}
	select {
	case <-enough:
	case <-time.After(30 * time.Second):
		t.Error("the posters did not reach the kill within 30s")
	}
	if err := server.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	return acked, int(failed.Load())
}

// listAllReviews reads every published review of the demo knitters through
// the API, page by page: id to body.
func listAllReviews(t *testing.T, addr string) map[int64]string {
	t.Helper()
	stored := map[int64]string{}
	for knitter := 1; knitter <= demoKnitters; knitter++ {
		url := fmt.Sprintf("%s/api/knitters/%d/reviews?limit=100", addr, knitter)
		for {
			var page struct {
				Reviews []struct {
					ID   int64  `json:"id"`
					Body string `json:"body"`
				} `json:"reviews"`
				NextCursor *string `json:"next_cursor"`
			}
			if status := getJSON(t, url, &page); status != http.StatusOK {
				t.Fatalf("GET %s = %d", url, status)
			}
			for _, r := range page.Reviews {
				stored[r.ID] = r.Body
			}
			if page.NextCursor == nil {
				break
			}
			url = fmt.Sprintf("%s/api/knitters/%d/reviews?limit=100&cursor=%s", addr, knitter, *page.NextCursor)
		}
	}
	return stored
}
