package storefront

import (
	"html"
	"io"
	"strings"
	"sync"
)

// liquidMistakes shows the Liquid mistakes of a theme the project did not
// write as Shopify shows them: the error, naming the file and the line, in
// place of what failed, and the rest of the page around it. Each mistake is
// reported once, however many pages show it.
type liquidMistakes struct {
	report func(error)
	mu     sync.Mutex
	seen   map[string]bool
}

func newLiquidMistakes(report func(error)) *liquidMistakes {
	return &liquidMistakes{report: report, seen: map[string]bool{}}
}

// reportOnce reports err unless a mistake of the same text was reported.
func (m *liquidMistakes) reportOnce(err error) {
	m.mu.Lock()
	first := !m.seen[err.Error()]
	m.seen[err.Error()] = true
	m.mu.Unlock()
	if first {
		m.report(err)
	}
}

// show writes err where the failed markup would have been and reports it.
func (m *liquidMistakes) show(w io.Writer, err error) error {
	m.reportOnce(err)
	_, werr := io.WriteString(w, mistakeText(err))
	return werr
}

// mistakeText is err as a page shows it: escaped, and with no braces, so
// that it is plain text to Liquid too (it stands for a file that did not
// compile).
func mistakeText(err error) string {
	text := err.Error()
	if !strings.HasPrefix(text, "Liquid") {
		text = "Liquid error: " + text
	}
	return strings.NewReplacer("{", "&#123;", "}", "&#125;").Replace(html.EscapeString(text))
}
