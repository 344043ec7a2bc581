package storefront

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"io/fs"
	"maps"
	"math"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/osteele/liquid/filters"
	"github.com/osteele/liquid/parser"
	"github.com/osteele/liquid/render"
	"github.com/osteele/liquid/tags"

	"knitfront/internal/money"
)

// Theme is a Shopify theme folder compiled for rendering: the layout, the
// JSON templates, sections with their schemas, snippets, the shopper locale
// and the theme settings. Every Liquid file is compiled once; each
// presentment currency has a Liquid configuration of its own whose money
// filters format in that currency, and all share the compiled files.
type Theme struct {
	files        map[string]render.Node
	schemas      map[string]sectionSchema
	blockSchemas map[string]blockSchema
	templates    map[string]jsonTemplate
	translations map[string]any
	settingDefs  []settingDef
	settingsData map[string]any
	configs      map[money.Currency]*render.Config
	assetURL     func(name string) string
	// fsys is the theme folder, whose assets inline_asset_content reads.
	fsys fs.FS
	// Info names the theme and its version (settings_schema.json's
	// theme_info), as Shopify tells them to scripts in window.Shopify.theme.
	Info ThemeInfo
	// groups are the section groups of sections/*.json, by name, which
	// {% sections %} renders.
	groups map[string]sectionGroup
	// app is the app's theme app extension, whose blocks the theme's
	// sections take as @app blocks and whose embeds every page renders.
	app *AppExtension
	// mistakes, when set, shows the theme's Liquid mistakes in place;
	// without it a mistake fails the load or the page.
	mistakes *liquidMistakes
	// compiled are the bundles of the theme's {% stylesheet %} and
	// {% javascript %}.
	compiled compiledAssets
}

// sectionGroup is a section group of Online Store 2.0 (the header or
// footer group): sections in order, as a JSON template holds them.
type sectionGroup struct {
	Type string `json:"type"`
	jsonTemplate
}

// sectionSchema is the part of a section's {% schema %} rendering needs.
type sectionSchema struct {
	Tag      string       `json:"tag"`
	Class    string       `json:"class"`
	Settings []settingDef `json:"settings"`
	Blocks   []struct {
		Type     string       `json:"type"`
		Settings []settingDef `json:"settings"`
	} `json:"blocks"`
}

// settingDef is a setting of a section, block or the theme; settings
// without an id (headers, paragraphs) only label the editor.
type settingDef struct {
	Type    string `json:"type"`
	ID      string `json:"id"`
	Default any    `json:"default"`
}

// jsonTemplate is a template of Online Store 2.0: its sections in order.
type jsonTemplate struct {
	Sections map[string]templateSection `json:"sections"`
	Order    []string                   `json:"order"`
}

type templateSection struct {
	Type       string                   `json:"type"`
	Settings   map[string]any           `json:"settings"`
	Blocks     map[string]templateBlock `json:"blocks"`
	BlockOrder []string                 `json:"block_order"`
	Disabled   bool                     `json:"disabled"`
}

type templateBlock struct {
	Type     string         `json:"type"`
	Settings map[string]any `json:"settings"`
	Disabled bool           `json:"disabled"`
	// Static marks a block its parent renders by id with
	// {% content_for 'block' %}, which the order leaves out.
	Static bool `json:"static"`
	// Blocks and BlockOrder are a theme block's own children.
	Blocks     map[string]templateBlock `json:"blocks"`
	BlockOrder []string                 `json:"block_order"`
}

// LoadTheme compiles the theme in fsys. assetURL gives the address of a file
// of the theme's assets (and of the widget bundle beside them). A Liquid
// mistake fails the load, or the page that meets it.
func LoadTheme(fsys fs.FS, assetURL func(name string) string) (*Theme, error) {
	return loadTheme(fsys, assetURL, nil)
}

// LoadThemeShowingMistakes compiles the theme in fsys as LoadTheme does, but
// shows each Liquid mistake as Shopify does, in place of the file or the
// markup that has it, with the rest of the page around it; report hears of
// each mistake once. It is for a theme the project did not write, whose
// mistakes are not the developer's to fix.
func LoadThemeShowingMistakes(fsys fs.FS, assetURL func(name string) string, report func(error)) (*Theme, error) {
	return loadTheme(fsys, assetURL, newLiquidMistakes(report))
}

func loadTheme(fsys fs.FS, assetURL func(name string) string, mistakes *liquidMistakes) (*Theme, error) {
	t := newTheme(assetURL)
	t.fsys = fsys
	t.mistakes = mistakes
	sources, err := t.compileFiles(fsys, "layout", "sections", "snippets", "blocks")
	if err != nil {
		return nil, err
	}
	if err := readSchemas(sources, "sections", t.schemas); err != nil {
		return nil, fmt.Errorf("theme: %w", err)
	}
	if err := readSchemas(sources, "blocks", t.blockSchemas); err != nil {
		return nil, fmt.Errorf("theme: %w", err)
	}
	t.compiled = bundleAssets(sources)
	if _, ok := t.files[layoutFile]; !ok {
		return nil, fmt.Errorf("theme: %s is missing", layoutFile)
	}
	if t.templates, err = readJSONFiles(fsys, "templates/*.json", t.checkSections); err != nil {
		return nil, err
	}
	checkGroup := func(file string, g sectionGroup) error { return t.checkSections(file, g.jsonTemplate) }
	if t.groups, err = readJSONFiles(fsys, "sections/*.json", checkGroup); err != nil {
		return nil, err
	}
	if err := readJSON(fsys, "locales/en.default.json", &t.translations); err != nil {
		return nil, err
	}
	if t.settingDefs, t.settingsData, t.Info, err = readSettings(fsys); err != nil {
		return nil, err
	}
	return t, nil
}

func newTheme(assetURL func(name string) string) *Theme {
	t := &Theme{
		files:        map[string]render.Node{},
		schemas:      map[string]sectionSchema{},
		blockSchemas: map[string]blockSchema{},
		templates:    map[string]jsonTemplate{},
		configs:      map[money.Currency]*render.Config{},
		assetURL:     assetURL,
	}
	for _, c := range money.Currencies {
		t.configs[c] = t.newConfig(c)
	}
	return t
}

// compileFiles compiles the Liquid files of the folders and returns their
// sources by name.
func (t *Theme) compileFiles(fsys fs.FS, dirs ...string) (map[string][]byte, error) {
	compiler := t.configs[money.DefaultCurrency]
	sources := map[string][]byte{}
	for _, dir := range dirs {
		names, err := fs.Glob(fsys, dir+"/*.liquid")
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			source, err := fs.ReadFile(fsys, name)
			if err != nil {
				return nil, err
			}
			node, perr := compiler.Compile(prepareSource(string(source)), sourceLoc(name))
			if perr != nil && t.mistakes == nil {
				return nil, fmt.Errorf("theme: %w", perr)
			}
			if perr != nil {
				// The file shows its mistake wherever it renders.
				t.mistakes.reportOnce(perr)
				if node, perr = compiler.Compile(mistakeText(perr), sourceLoc(name)); perr != nil {
					return nil, perr
				}
			}
			t.files[name] = node
			sources[name] = source
		}
	}
	return sources, nil
}

// checkSections checks that a template or section group names only
// sections it has and the theme has.
func (t *Theme) checkSections(file string, tpl jsonTemplate) error {
	for _, key := range tpl.Order {
		s, ok := tpl.Sections[key]
		if !ok {
			return fmt.Errorf("theme: %s orders section %q, which it does not have", file, key)
		}
		if _, ok := t.schemas[s.Type]; !ok {
			return fmt.Errorf("theme: %s uses section %q, which the theme does not have", file, s.Type)
		}
	}
	return nil
}

// OverrideSettings replaces the stored values of theme settings, each of
// which the theme must define.
func (t *Theme) OverrideSettings(values map[string]any) error {
	for id, v := range values {
		if !slices.ContainsFunc(t.settingDefs, func(d settingDef) bool { return d.ID == id }) {
			return fmt.Errorf("theme: no setting %q in config/settings_schema.json", id)
		}
		if t.settingsData == nil {
			t.settingsData = map[string]any{}
		}
		t.settingsData[id] = v
	}
	return nil
}

const layoutFile = "layout/theme.liquid"

func sourceLoc(name string) parser.SourceLoc { return parser.SourceLoc{Pathname: name, LineNo: 1} }

var (
	liquidMarkup = regexp.MustCompile(`(?s){{.*?}}|{%.*?%}`)
	// keywordFirst is a filter whose first argument is a keyword argument,
	// such as | t: count: 3 or | image_url: width: 400.
	keywordFirst = regexp.MustCompile(`(\|\s*[A-Za-z_][\w-]*\s*:)(\s*[A-Za-z_][\w-]*\s*:)`)
)

// prepareSource turns Shopify Liquid that osteele/liquid does not parse
// into Liquid it does, keeping every line where it was so that errors name
// the right line.
func prepareSource(source string) string {
	return compareWithEmpty(keywordFilterArgs(expandLiquidTags(joinObjectLines(blankInlineComments(blankDocumentation(source))))))
}

var (
	anyTag          = regexp.MustCompile(`(?s){%.*?%}`)
	emptyComparison = regexp.MustCompile(`([\w.\[\]'"-]+)\s*(==|!=)\s*empty\b`)
)

// compareWithEmpty rewrites `x == empty` in a tag as `x.size == 0` (and
// != alike): osteele/liquid has no empty, reads it as an unset variable,
// and so finds "" and [] unequal to it where Shopify finds them equal. A
// value with no size (nil, a number, an object) stays unequal to empty,
// as in Shopify.
func compareWithEmpty(source string) string {
	return anyTag.ReplaceAllStringFunc(source, func(t string) string {
		return emptyComparison.ReplaceAllString(t, "$1.size $2 0")
	})
}

var multilineObject = regexp.MustCompile(`(?s){{[^}]*\n.*?(-?)}}`)

// joinObjectLines puts an output {{ ... }} written over several lines on
// one, which osteele/liquid wants, and the line ends in an empty comment
// after it.
func joinObjectLines(source string) string {
	return multilineObject.ReplaceAllStringFunc(source, func(object string) string {
		trim := multilineObject.FindStringSubmatch(object)[1]
		lines := strings.Count(object, "\n")
		return strings.ReplaceAll(object, "\n", " ") + "{%" + trim + " comment %}" + strings.Repeat("\n", lines) + "{% endcomment " + trim + "%}"
	})
}

var inlineComment = regexp.MustCompile(`{%-?\s*#[^%]*?-?%}`)

// blankInlineComments drops {% # a comment %}, keeping its line ends.
func blankInlineComments(source string) string {
	return inlineComment.ReplaceAllStringFunc(source, func(tag string) string {
		return strings.Repeat("\n", strings.Count(tag, "\n"))
	})
}

var documentation = regexp.MustCompile(`(?s)({%-?\s*(doc|comment|schema|stylesheet|javascript)\s*-?%})(.*?)({%-?\s*end(?:doc|comment|schema|stylesheet|javascript)\s*-?%})`)

// blankDocumentation empties {% doc %}, {% comment %}, {% schema %},
// {% stylesheet %} and {% javascript %} blocks but for their line ends:
// their text is not Liquid (a snippet's documented example may leave a tag
// open, a schema's visible_if holds Liquid in a JSON string), and Shopify
// never parses it. Schemas and bundles are read from the file's own
// source.
func blankDocumentation(source string) string {
	return documentation.ReplaceAllStringFunc(source, func(block string) string {
		m := documentation.FindStringSubmatch(block)
		return m[1] + strings.Repeat("\n", strings.Count(m[3], "\n")) + m[4]
	})
}

var liquidTag = regexp.MustCompile(`(?s){%(-?)\s*liquid(\s.*?)(-?)%}`)

// expandLiquidTags rewrites {% liquid %}, a tag of one statement a line,
// as one tag a line: `assign x = 1` becomes {% assign x = 1 %} and
// `echo x` becomes {{ x }}. Each line's end goes inside a tag, so that
// nothing is written between them. Lines starting with # are comments.
func expandLiquidTags(source string) string {
	return liquidTag.ReplaceAllStringFunc(source, func(tag string) string {
		m := liquidTag.FindStringSubmatch(tag)
		type statement struct {
			text     string
			newlines int
		}
		var statements []statement
		leading := 0
		for i, line := range strings.Split(m[2], "\n") {
			if i > 0 {
				if len(statements) > 0 {
					statements[len(statements)-1].newlines++
				} else {
					leading++
				}
			}
			if text := strings.TrimSpace(line); text != "" && !strings.HasPrefix(text, "#") {
				statements = append(statements, statement{text: text})
			}
		}
		if len(statements) == 0 {
			return "{%" + m[1] + " comment %}" + strings.Repeat("\n", leading) + "{% endcomment " + m[3] + "%}"
		}
		statements[0].newlines += leading
		var b strings.Builder
		for i, st := range statements {
			open, close := "{%", "%}"
			text := st.text
			if text == "echo" || strings.HasPrefix(text, "echo ") {
				open, close, text = "{{", "}}", strings.TrimSpace(strings.TrimPrefix(text, "echo"))
			}
			if i == 0 {
				open += m[1]
			}
			if i == len(statements)-1 {
				close = m[3] + close
			}
			b.WriteString(open + " " + text + " " + strings.Repeat("\n", st.newlines) + close)
		}
		return b.String()
	})
}

// keywordFilterArgs lets Shopify's keyword-only filter arguments through
// osteele/liquid, whose grammar wants a positional argument before keyword
// ones: `| t: count: 3` becomes `| t: nil, count: 3`. The filters here take
// their keyword arguments from the map that follows.
func keywordFilterArgs(source string) string {
	return liquidMarkup.ReplaceAllStringFunc(source, func(markup string) string {
		return keywordFirst.ReplaceAllString(markup, "$1 nil,$2")
	})
}

func readJSON(fsys fs.FS, name string, into any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("theme: %w", err)
	}
	if err := json.Unmarshal(withoutComments(b), into); err != nil {
		return fmt.Errorf("theme: %s: %w", name, err)
	}
	return nil
}

// withoutComments blanks the comments of a JSON file, /* ... */ and // to
// the line's end, outside strings: Shopify writes one at the top of a
// theme's templates and settings (Horizon's say they are generated), and
// Horizon's locales explain their keys in them. Spaces stand in for them,
// line ends stay, so that a JSON error's offset still points into the file.
func withoutComments(b []byte) []byte {
	out := bytes.Clone(b)
	inString := false
	for i := 0; i < len(out); i++ {
		switch {
		case inString && out[i] == '\\':
			i++
		case out[i] == '"':
			inString = !inString
		case inString:
		case out[i] == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case out[i] == '/' && i+1 < len(out) && out[i+1] == '*':
			end := bytes.Index(out[i+2:], []byte("*/"))
			if end < 0 {
				return b
			}
			for k := i; k < i+2+end+2; k++ {
				if out[k] != '\n' {
					out[k] = ' '
				}
			}
			i += end + 3
		}
	}
	return out
}

// readJSONFiles reads the JSON files that match pattern, checking each,
// by their names without .json.
func readJSONFiles[T any](fsys fs.FS, pattern string, check func(file string, v T) error) (map[string]T, error) {
	names, err := fs.Glob(fsys, pattern)
	if err != nil {
		return nil, err
	}
	out := make(map[string]T, len(names))
	for _, name := range names {
		var v T
		if err := readJSON(fsys, name, &v); err != nil {
			return nil, err
		}
		if err := check(name, v); err != nil {
			return nil, err
		}
		out[strings.TrimSuffix(path.Base(name), ".json")] = v
	}
	return out, nil
}

var schemaBlock = regexp.MustCompile(`(?s){%-?\s*schema\s*-?%}(.*?){%-?\s*endschema\s*-?%}`)

// readSchemas reads the {% schema %} of each Liquid file of dir among
// sources into schemas, by the file's name without .liquid.
func readSchemas[T any](sources map[string][]byte, dir string, schemas map[string]T) error {
	for name, source := range sources {
		if !strings.HasPrefix(name, dir+"/") {
			continue
		}
		var schema T
		if err := readSchema(source, &schema); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		schemas[strings.TrimSuffix(path.Base(name), ".liquid")] = schema
	}
	return nil
}

func readSchema(source []byte, into any) error {
	m := schemaBlock.FindSubmatch(source)
	if m == nil {
		return nil
	}
	if err := json.Unmarshal(m[1], into); err != nil {
		return fmt.Errorf("{%% schema %%}: %w", err)
	}
	return nil
}

// ThemeInfo is a theme's name and version.
type ThemeInfo struct {
	Name    string `json:"theme_name"`
	Version string `json:"theme_version"`
}

// readSettings reads the theme's info and its settings' definitions from
// config/settings_schema.json and their values from
// config/settings_data.json.
func readSettings(fsys fs.FS) ([]settingDef, map[string]any, ThemeInfo, error) {
	var info ThemeInfo
	var groups []struct {
		Name     string       `json:"name"`
		Settings []settingDef `json:"settings"`
		ThemeInfo
	}
	if err := readJSON(fsys, "config/settings_schema.json", &groups); err != nil {
		return nil, nil, info, err
	}
	var defs []settingDef
	for _, g := range groups {
		defs = append(defs, g.Settings...)
		if g.Name == "theme_info" {
			info = g.ThemeInfo
		}
	}
	// current holds the values, or names the preset that does.
	var data struct {
		Current json.RawMessage           `json:"current"`
		Presets map[string]map[string]any `json:"presets"`
	}
	if err := readJSON(fsys, "config/settings_data.json", &data); err != nil {
		return nil, nil, info, err
	}
	var preset string
	if json.Unmarshal(data.Current, &preset) == nil {
		values, ok := data.Presets[preset]
		if !ok {
			return nil, nil, info, fmt.Errorf("theme: config/settings_data.json: current names preset %q, which it does not have", preset)
		}
		return defs, values, info, nil
	}
	var values map[string]any
	if len(data.Current) > 0 {
		if err := json.Unmarshal(data.Current, &values); err != nil {
			return nil, nil, info, fmt.Errorf("theme: config/settings_data.json: current: %w", err)
		}
	}
	return defs, values, info, nil
}

func (t *Theme) newConfig(currency money.Currency) *render.Config {
	cfg := render.NewConfig()
	filters.AddStandardFilters(&cfg)
	tags.AddStandardTags(&cfg)
	// Shopify deprecated include for render; nothing is read from disk.
	cfg.UnregisterTag("include")
	cfg.TemplateStore = noTemplateStore{}
	cfg.AddTag("render", t.renderTag)
	cfg.AddTag("section", t.sectionTag)
	cfg.AddTag("sections", t.sectionsTag)
	cfg.AddTag("content_for", t.contentForTag)
	cfg.AddTag("cycle", cycleTag)
	cfg.AddTag("increment", incrementTag)
	cfg.AddTag("echo", echoTag)
	cfg.AddBlock("form").Compiler(t.formTag)
	cfg.AddBlock("paginate").Compiler(t.paginateTag)
	cfg.AddBlock("style").Compiler(wrapTag("<style data-shopify>", "</style>"))
	cfg.AddBlock("stylesheet").Compiler(silentTag)
	cfg.AddBlock("javascript").Compiler(silentTag)
	cfg.AddBlock("schema").Compiler(silentTag)
	cfg.AddBlock("doc").Compiler(silentTag)
	t.addFilters(&cfg, currency)
	t.addThemeFilters(&cfg)
	return &cfg
}

// noTemplateStore keeps Liquid from reading files from the working folder.
type noTemplateStore struct{}

func (noTemplateStore) ReadTemplate(name string) ([]byte, error) {
	return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
}

// Page is one page to render: its JSON template, its presentment currency
// and its Liquid objects.
type Page struct {
	// Template names a JSON template such as "product" or "page.knitters";
	// a template with a suffix falls back to the one without, as on Shopify.
	Template string
	Currency money.Currency
	// Objects are the page's Liquid objects: the global ones (shop, cart,
	// ...) and the template's (product, collection, ...). The theme adds
	// settings.
	Objects map[string]any
	// Resolve turns the stored value of a resource setting (a collection's
	// handle, say) into its Liquid object.
	Resolve func(settingType string, value any) any
	// PageNumber is the page {% paginate %} shows, from 1; URL is the page's
	// address, which its pagination links keep.
	PageNumber int
	URL        *url.URL
}

// globalObjects are the objects a snippet sees besides its parameters:
// Shopify's global objects, the template's own among them (product on a
// product page, say).
var globalObjects = []string{
	"shop", "settings", "cart", "localization", "request", "routes", "linklists", "collections",
	"template", "page_title", "canonical_url",
	"product", "collection", "search", "page",
}

// stateBinding holds the page's rendering state among the Liquid variables,
// under a name no template can write, so tags and nested renders find it.
const stateBinding = "knitfront:state"

type pageState struct {
	page     Page
	template jsonTemplate
	cfg      *render.Config
	// mistakes, when set, shows a file's Liquid mistake in its place.
	mistakes *liquidMistakes
}

func stateOf(bindings map[string]any) *pageState {
	s, _ := bindings[stateBinding].(*pageState)
	return s
}

func (t *Theme) newState(p Page) (*pageState, error) {
	name := p.Template
	tpl, ok := t.templates[name]
	if base, _, cut := strings.Cut(name, "."); !ok && cut {
		tpl, ok = t.templates[base]
	}
	if !ok {
		return nil, fmt.Errorf("theme: no template %q", p.Template)
	}
	cfg, ok := t.configs[p.Currency]
	if !ok {
		return nil, fmt.Errorf("theme: no money format for %q", p.Currency)
	}
	if p.PageNumber < 1 {
		p.PageNumber = 1
	}
	p.Objects = maps.Clone(p.Objects)
	if p.Objects == nil {
		p.Objects = map[string]any{}
	}
	p.Objects["settings"] = resolveSettings(t.settingDefs, t.settingsData, p.Resolve)
	return &pageState{page: p, template: tpl, cfg: cfg, mistakes: t.mistakes}, nil
}

// RenderPage renders the page's template, each section in order, inside the
// layout.
func (t *Theme) RenderPage(w io.Writer, p Page) error {
	state, err := t.newState(p)
	if err != nil {
		return err
	}
	var content bytes.Buffer
	for _, key := range state.template.Order {
		if s := state.template.Sections[key]; !s.Disabled {
			if err := t.renderSection(&content, state, templateSectionInstance(p.Template, key, s)); err != nil {
				return err
			}
		}
	}
	bindings := maps.Clone(state.page.Objects)
	bindings["content_for_layout"] = content.String()
	bindings[stateBinding] = state
	header, _ := bindings["content_for_header"].(string)
	bindings["content_for_header"] = header + t.compiled.headTags()
	if t.app == nil {
		return renderNode(w, t.files[layoutFile], bindings)
	}
	var head, body bytes.Buffer
	if err := t.app.renderEmbeds(&head, &body, state, t.settingsData["blocks"]); err != nil {
		return err
	}
	bindings["content_for_header"] = bindings["content_for_header"].(string) + head.String()
	var page bytes.Buffer
	if err := renderNode(&page, t.files[layoutFile], bindings); err != nil {
		return err
	}
	// Shopify puts the body's app embeds last in the body.
	html := page.String()
	end := strings.LastIndex(html, "</body>")
	if end < 0 {
		end = len(html)
	}
	_, err = io.WriteString(w, html[:end]+body.String()+html[end:])
	return err
}

// RenderSections renders sections alone, as Shopify's Section Rendering API
// does: each id names a section of the page's template or a section file.
// An id that is neither gets no entry.
func (t *Theme) RenderSections(p Page, ids []string) (map[string]string, error) {
	state, err := t.newState(p)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, id := range ids {
		instance, ok := t.sectionByID(p.Template, state.template, id)
		if !ok {
			continue
		}
		var b bytes.Buffer
		if err := t.renderSection(&b, state, instance); err != nil {
			return nil, err
		}
		out[id] = b.String()
	}
	return out, nil
}

func (t *Theme) sectionByID(templateName string, tpl jsonTemplate, id string) (sectionInstance, bool) {
	for key, s := range tpl.Sections {
		if templateSectionID(templateName, key) == id && !s.Disabled {
			return templateSectionInstance(templateName, key, s), true
		}
	}
	for name, g := range t.groups {
		for key, s := range g.Sections {
			if groupSectionID(name, key) == id && !s.Disabled {
				return groupSectionInstance(name, key, s), true
			}
		}
	}
	if _, ok := t.schemas[id]; ok {
		return sectionInstance{id: id, typ: id}, true
	}
	return sectionInstance{}, false
}

// sectionInstance is a section placed on a page: by a JSON template, or
// statically by {% section %} with its schema's defaults.
type sectionInstance struct {
	id, typ string
	// group names the section group that placed the section, if one did.
	group      string
	settings   map[string]any
	blocks     map[string]templateBlock
	blockOrder []string
}

// templateSectionID is Shopify's id of a template's section, such as
// template--product__main (Shopify puts a number where the name is).
func templateSectionID(templateName, key string) string {
	return "template--" + strings.ReplaceAll(templateName, ".", "-") + "__" + key
}

func templateSectionInstance(templateName, key string, s templateSection) sectionInstance {
	return sectionInstance{
		id: templateSectionID(templateName, key), typ: s.Type,
		settings: s.Settings, blocks: s.Blocks, blockOrder: s.BlockOrder,
	}
}

// groupSectionID is Shopify's id of a section of a section group, such as
// sections--header-group__header.
func groupSectionID(group, key string) string { return "sections--" + group + "__" + key }

func groupSectionInstance(group, key string, s templateSection) sectionInstance {
	return sectionInstance{
		id: groupSectionID(group, key), typ: s.Type, group: group,
		settings: s.Settings, blocks: s.Blocks, blockOrder: s.BlockOrder,
	}
}

// sectionObject is Liquid's section.
type sectionObject struct {
	ID       string         `liquid:"id"`
	Settings map[string]any `liquid:"settings"`
	Blocks   []*blockObject `liquid:"blocks"`
}

// blockObject is Liquid's block.
type blockObject struct {
	ID                string         `liquid:"id"`
	Type              string         `liquid:"type"`
	Settings          map[string]any `liquid:"settings"`
	ShopifyAttributes string         `liquid:"shopify_attributes"`
	// Blocks are a theme block's children, in order.
	Blocks []*blockObject `liquid:"blocks"`
	// appBlock names the app extension's block behind an @app block.
	appBlock string
}

// renderSection renders a section in Shopify's wrapper element. A section
// sees every object of the page and itself.
func (t *Theme) renderSection(w io.Writer, state *pageState, s sectionInstance) error {
	node, ok := t.files["sections/"+s.typ+".liquid"]
	if !ok {
		return fmt.Errorf("theme: no section %q", s.typ)
	}
	schema := t.schemas[s.typ]
	section := &sectionObject{ID: s.id, Settings: resolveSettings(schema.Settings, s.settings, state.page.Resolve)}
	if err := connectDynamicSources(state, section.Settings, nil); err != nil {
		return fmt.Errorf("theme: section %s: %w", s.id, err)
	}
	for _, id := range s.blockOrder {
		b, ok := s.blocks[id]
		if !ok || b.Disabled {
			continue
		}
		if name, ok := t.app.blockOf(b.Type); ok {
			defs := t.app.blocks[name].Settings
			section.Blocks = append(section.Blocks, &blockObject{ID: id, Type: appBlockType,
				Settings: resolveSettings(defs, b.Settings, state.page.Resolve), appBlock: name})
			continue
		}
		// A section's own block type, or else a theme block of blocks/.
		defs := t.blockSchemas[b.Type].Settings
		for _, bs := range schema.Blocks {
			if bs.Type == b.Type {
				defs = bs.Settings
			}
		}
		settings := resolveSettings(defs, b.Settings, state.page.Resolve)
		if err := connectDynamicSources(state, settings, nil); err != nil {
			return fmt.Errorf("theme: section %s, block %s: %w", s.id, id, err)
		}
		section.Blocks = append(section.Blocks, &blockObject{ID: id, Type: b.Type, Settings: settings})
	}
	tag := schema.Tag
	if tag == "" {
		tag = "div"
	}
	class := "shopify-section"
	if s.group != "" {
		class += " shopify-section-group-" + s.group
	}
	class = strings.TrimSpace(class + " " + schema.Class)
	if _, err := fmt.Fprintf(w, `<%s id="shopify-section-%s" class="%s">`, tag, html.EscapeString(s.id), html.EscapeString(class)); err != nil {
		return err
	}
	bindings := maps.Clone(state.page.Objects)
	bindings["section"] = section
	bindings[stateBinding] = state
	// A section's closest.product and the like are the page's.
	bindings["closest"] = pageClosest(state)
	bindings[blockParentBinding] = &blockParent{section: section, blocks: s.blocks, blockOrder: s.blockOrder, closest: pageClosest(state)}
	if err := renderNode(w, node, bindings); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "</%s>", tag)
	return err
}

// resolveSettings gives each defined setting its stored value or default,
// with resource settings turned into their objects.
func resolveSettings(defs []settingDef, stored map[string]any, resolve func(string, any) any) map[string]any {
	out := make(map[string]any, len(defs))
	for _, d := range defs {
		if d.ID == "" {
			continue
		}
		v, ok := stored[d.ID]
		if !ok {
			v = d.Default
		}
		// JSON gives every number as a float; Liquid wants whole numbers as
		// integers (a loop's limit, say).
		if f, ok := v.(float64); ok && f == math.Trunc(f) {
			v = int(f)
		}
		v = settingValue(d.Type, v)
		if resolve != nil {
			v = resolve(d.Type, v)
		}
		out[d.ID] = v
	}
	return out
}

// connectDynamicSources replaces each text setting that names a dynamic
// source, such as "{{ product.vendor }}", with the source's value on the
// page, as the theme editor's connected settings do; a block's sources
// also see extra (its closest resources).
func connectDynamicSources(state *pageState, settings map[string]any, extra map[string]any) error {
	for id, v := range settings {
		text, ok := v.(string)
		if !ok || !strings.Contains(text, "{{") {
			continue
		}
		node, err := state.cfg.Compile(prepareSource(text), parser.SourceLoc{Pathname: "setting " + id, LineNo: 1})
		if err != nil {
			return err
		}
		var b bytes.Buffer
		objects := state.page.Objects
		if extra != nil {
			objects = maps.Clone(objects)
			maps.Copy(objects, extra)
		}
		if err := render.Render(node, &b, objects, *state.cfg); err != nil {
			return err
		}
		settings[id] = b.String()
	}
	return nil
}

// settingValue is the Liquid object of a setting whose type has one: a
// color, a color scheme group, a font.
func settingValue(settingType string, v any) any {
	switch settingType {
	case "color":
		if c, ok := colorOf(v); ok {
			return c
		}
	case "color_scheme_group":
		schemes, _ := v.(map[string]any)
		var out []*colorSchemeObject
		for _, id := range slices.Sorted(maps.Keys(schemes)) {
			scheme, _ := schemes[id].(map[string]any)
			settings, _ := scheme["settings"].(map[string]any)
			values := make(map[string]any, len(settings))
			for name, value := range settings {
				if c, ok := colorOf(value); ok {
					value = c
				}
				values[name] = value
			}
			out = append(out, &colorSchemeObject{ID: id, Settings: values})
		}
		return out
	case "font_picker":
		if name, ok := v.(string); ok {
			return newFont(name)
		}
	}
	return v
}

// colorSchemeObject is a color scheme of the theme's color scheme group.
type colorSchemeObject struct {
	ID       string         `liquid:"id"`
	Settings map[string]any `liquid:"settings"`
}

// fontObject is a font setting, such as assistant_n4: Assistant, normal
// style, weight 400. The dev storefront serves no font files: pages show
// the fallback families.
type fontObject struct {
	Family           string `liquid:"family"`
	FallbackFamilies string `liquid:"fallback_families"`
	Style            string `liquid:"style"`
	Weight           int    `liquid:"weight"`
	// System is true: the page uses the fallback families, with no font
	// file to load.
	System bool `liquid:"system?"`
	name   string
}

func (f *fontObject) String() string { return f.name }

func newFont(name string) *fontObject {
	family, variant := name, ""
	if i := strings.LastIndex(name, "_"); i >= 0 {
		family, variant = name[:i], name[i+1:]
	}
	words := strings.Split(family, "_")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	f := &fontObject{Family: strings.Join(words, " "), FallbackFamilies: "sans-serif", Style: "normal", Weight: 400, System: true, name: name}
	if len(variant) == 2 && variant[1] >= '1' && variant[1] <= '9' {
		if variant[0] == 'i' {
			f.Style = "italic"
		}
		f.Weight = int(variant[1]-'0') * 100
	}
	return f
}

// snippetBindings are what a rendered snippet sees: the global objects,
// and within a section the section.
func snippetBindings(state *pageState, section any) map[string]any {
	out := make(map[string]any, len(globalObjects)+4)
	for _, name := range globalObjects {
		if v, ok := state.page.Objects[name]; ok {
			out[name] = v
		}
	}
	if section != nil {
		out["section"] = section
	}
	out[stateBinding] = state
	return out
}

// renderNode renders a file of the theme. Where the page shows mistakes, a
// file that fails shows the error after what it wrote (but for its last
// piece of text, which osteele/liquid holds back for whitespace control),
// and its caller goes on: a mistake in a snippet costs the rest of that
// snippet only.
func renderNode(w io.Writer, node render.Node, bindings map[string]any) error {
	state := stateOf(bindings)
	err := render.Render(node, w, bindings, *state.cfg)
	if err != nil && state.mistakes != nil {
		return state.mistakes.show(w, err)
	}
	return err
}
