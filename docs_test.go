package knitfront

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// A clone must explain itself: no tracked file may send its reader to a
// document the repository does not have. The rules are written out where they
// apply, and the architecture is in docs/design.md.
//
// Each reference is spelt here in parts, so that this file, which is checked
// like every other, does not contain what it looks for.
var outsideReferences = []struct {
	text       string
	ignoreCase bool
}{
	{"DESIGN" + ".md", false},    // the design document that was never in the repository
	{"spec" + " section", true},  // a section of the product spec, by number
	{"spec" + ", section", true}, // the same, with a comma
	{".." + "/shared", false},    // the folder beside the clone that held both
	{"shared" + "/spec/", false}, // the product spec's path in that folder
	{"\u00a7", false},            // the section sign
}

// outsideReference returns the first reference to an outside document in
// line, if it has one.
func outsideReference(line string) (string, bool) {
	lower := strings.ToLower(line)
	for _, ref := range outsideReferences {
		haystack, needle := line, ref.text
		if ref.ignoreCase {
			haystack, needle = lower, strings.ToLower(ref.text)
		}
		if strings.Contains(haystack, needle) {
			return ref.text, true
		}
	}
	return "", false
}

func TestOutsideReference(t *testing.T) {
	for _, test := range []struct {
		name, line, want string
	}{
		{"RuleInWords", "// The buy button waits 3000 ms before it forces its step.", ""},
		{"PointerToTheDesign", "See docs/design.md for the page events.", ""},
		{"TheSpecByName", "the spec's message 'No id provided'", ""},
		{"DesignDocument", "// Page events (" + "DESIGN" + ".md \"Contracts\").", "DESIGN" + ".md"},
		{"SpecSection", "/** Rounded to whole units (" + "spec" + " section 9). */", "spec" + " section"},
		{"SpecSectionsCapitalised", " * The footer (" + "Spec" + " sections 1 and 5).", "spec" + " section"},
		{"SpecCommaSection", "// widgets read both (" + "spec" + ", section 3).", "spec" + ", section"},
		{"SharedFolder", "see " + ".." + "/shared/notes.txt", ".." + "/shared"},
		{"SpecPath", "// A section number refers to the spec (" + "shared" + "/spec/addon.md).", "shared" + "/spec/"},
		{"SectionSign", "the rounding rule of \u00a79", "\u00a7"},
	} {
		t.Run(test.name, func(t *testing.T) {
			got, found := outsideReference(test.line)
			if got != test.want || found != (test.want != "") {
				t.Errorf("outsideReference(%q) = %q, %v; want %q", test.line, got, found, test.want)
			}
		})
	}
}

func TestNoFileCitesADocumentOutsideTheRepository(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: the tracked files cannot be listed")
	}
	out, err := exec.Command("git", "ls-files", "-z").Output()
	if err != nil {
		t.Skipf("not a git work tree (git ls-files: %v)", err)
	}
	files := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	if !slices.Contains(files, "docs_test.go") {
		files = append(files, "docs_test.go") // checks itself before it is committed
	}
	for _, name := range files {
		content, err := os.ReadFile(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted in the work tree, not yet committed
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		lines := bufio.NewScanner(bytes.NewReader(content))
		lines.Buffer(nil, len(content)+1)
		for n := 1; lines.Scan(); n++ {
			if ref, found := outsideReference(lines.Text()); found {
				t.Errorf("%s:%d: cites a document outside the repository (%q): state the rule in words, or point at docs/design.md", name, n, ref)
			}
		}
	}
}
