package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"knitfront/internal/reviews"
	"knitfront/internal/store"
)

// newReviews is the review service the configuration asks for.
func newReviews(cfg config, db *store.DB) *reviews.Service {
	var limiter reviews.Limiter = reviews.NewWindowLimiter(cfg.ReviewRate, time.Now)
	if db.Engine() == store.Postgres {
		// Instances share PostgreSQL: the limit holds across all of them.
		limiter = reviews.NewSharedLimiter(cfg.ReviewRate, time.Now, db)
	}
	return reviews.NewService(db, reviews.Options{
		Limiter:         limiter,
		RequireApproval: cfg.ReviewsRequireApproval,
	})
}

// moderateReviews is `knitfront reviews ACTION ...`: the shop owner's
// moderation, straight on the database. Its arguments are checked before
// the database is opened.
func moderateReviews(ctx context.Context, cfg config, args []string, log *slog.Logger, stdout io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("%w: reviews takes an action: list, hide, publish or delete", errUsage)
	}
	action, args := args[0], args[1:]
	var run func(*reviews.Service) error
	if m, ok := moderations[action]; ok {
		ids, err := parseReviewIDs(action, args)
		if err != nil {
			return err
		}
		run = func(service *reviews.Service) error { return moderate(ctx, service, m, ids, stdout) }
	} else if action == "list" {
		f, err := parseListFlags(args)
		if err != nil {
			return err
		}
		run = func(service *reviews.Service) error { return listReviews(ctx, service, f, stdout) }
	} else {
		return fmt.Errorf("%w: reviews %q: the actions are list, hide, publish and delete", errUsage, action)
	}
	db, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	return run(newReviews(cfg, db))
}

func parseListFlags(args []string) (reviews.Filter, error) {
	var f reviews.Filter
	usage := fmt.Errorf("%w: knitfront reviews [flags] list [--status pending|published|hidden] [--knitter ID]; "+
		"flags such as --database-url go before list", errUsage)
	fs := flag.NewFlagSet("knitfront reviews list", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	status := fs.String("status", "", "")
	fs.Int64Var(&f.KnitterID, "knitter", 0, "")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || f.KnitterID < 0 {
		return f, usage
	}
	if *status != "" {
		var err error
		if f.Status, err = reviews.ParseStatus(*status); err != nil {
			return f, usage
		}
	}
	return f, nil
}

func parseReviewIDs(action string, args []string) ([]int64, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("%w: reviews %s takes the ids of reviews (reviews list shows them)", errUsage, action)
	}
	ids := make([]int64, len(args))
	for i, arg := range args {
		id, err := strconv.ParseInt(arg, 10, 64)
		if err != nil || id <= 0 {
			return nil, fmt.Errorf("%w: %q is not a review id", errUsage, arg)
		}
		ids[i] = id
	}
	return ids, nil
}

// listPreview is how many characters of a name or review a listing shows.
const listPreview = 60

// listReviews prints every review that matches f, newest first, a line each.
func listReviews(ctx context.Context, service *reviews.Service, f reviews.Filter, stdout io.Writer) error {
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tKNITTER\tSTATUS\tCREATED (UTC)\tCLIENT\tAUTHOR\tREVIEW")
	count := 0
	page := reviews.Page{Limit: reviews.MaxPageSize}
	for {
		list, err := service.List(ctx, f, page)
		if err != nil {
			return err
		}
		for _, r := range list.Reviews {
			fmt.Fprintf(w, "%d\t%d\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.KnitterID, r.Status, r.CreatedAt.Format(time.DateTime),
				r.ClientHash[:min(12, len(r.ClientHash))], oneLine(r.CreatedBy, listPreview), oneLine(r.Body, listPreview))
		}
		count += len(list.Reviews)
		if list.Next == nil {
			break
		}
		page.After = list.Next
	}
	if err := w.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(stdout, "%d %s\n", count, plural(count, "review"))
	return err
}

// moderation is an action on one review, and the state it leaves it in.
type moderation struct {
	done  string
	apply func(ctx context.Context, service *reviews.Service, id int64) error
}

func setStatus(status reviews.Status) moderation {
	return moderation{string(status), func(ctx context.Context, service *reviews.Service, id int64) error {
		_, err := service.SetStatus(ctx, id, status)
		return err
	}}
}

var moderations = map[string]moderation{
	"hide":    setStatus(reviews.Hidden),
	"publish": setStatus(reviews.Published),
	"delete": {"deleted", func(ctx context.Context, service *reviews.Service, id int64) error {
		return service.Delete(ctx, id)
	}},
}

// moderate applies m to the reviews in turn, stopping at the first that fails.
func moderate(ctx context.Context, service *reviews.Service, m moderation, ids []int64, stdout io.Writer) error {
	for _, id := range ids {
		if err := m.apply(ctx, service, id); err != nil {
			return fmt.Errorf("review %d: %w", id, err)
		}
		fmt.Fprintf(stdout, "review %d is %s\n", id, m.done)
	}
	return nil
}

// oneLine shows text on one line of at most n characters.
func oneLine(text string, n int) string {
	text = strings.ReplaceAll(text, "\n", " ⏎ ")
	if runes := []rune(text); len(runes) > n {
		return string(runes[:n-1]) + "…"
	}
	return text
}

func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}
