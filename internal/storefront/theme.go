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
	templates    map[string]jsonTemplate
	translations map[string]any
	settingDefs  []settingDef
	settingsData map[string]any
	configs      map[money.Currency]*render.Config
	assetURL     func(name string) string
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
}

// LoadTheme compiles the theme in fsys. assetURL gives the address of a file
// of the theme's assets (and of the widget bundle beside them).
func LoadTheme(fsys fs.FS, assetURL func(name string) string) (*Theme, error) {
	t := &Theme{
		files:     map[string]render.Node{},
		schemas:   map[string]sectionSchema{},
		templates: map[string]jsonTemplate{},
		configs:   map[money.Currency]*render.Config{},
		assetURL:  assetURL,
	}
	for _, c := range money.Currencies {
		t.configs[c] = t.newConfig(c)
	}
	compiler := t.configs[money.DefaultCurrency]
	for _, dir := range []string{"layout", "sections", "snippets"} {
		names, err := fs.Glob(fsys, dir+"/*.liquid")
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			source, err := fs.ReadFile(fsys, name)
			if err != nil {
				return nil, err
			}
			node, perr := compiler.Compile(keywordFilterArgs(string(source)), sourceLoc(name))
			if perr != nil {
				return nil, fmt.Errorf("theme: %w", perr)
			}
			t.files[name] = node
			if dir == "sections" {
				schema, err := readSchema(source)
				if err != nil {
					return nil, fmt.Errorf("theme: %s: %w", name, err)
				}
				t.schemas[strings.TrimSuffix(path.Base(name), ".liquid")] = schema
			}
		}
	}
	if _, ok := t.files[layoutFile]; !ok {
		return nil, fmt.Errorf("theme: %s is missing", layoutFile)
	}
	templates, err := fs.Glob(fsys, "templates/*.json")
	if err != nil {
		return nil, err
	}
	for _, name := range templates {
		var tpl jsonTemplate
		if err := readJSON(fsys, name, &tpl); err != nil {
			return nil, err
		}
		for _, key := range tpl.Order {
			s, ok := tpl.Sections[key]
			if !ok {
				return nil, fmt.Errorf("theme: %s orders section %q, which it does not have", name, key)
			}
			if _, ok := t.schemas[s.Type]; !ok {
				return nil, fmt.Errorf("theme: %s uses section %q, which the theme does not have", name, s.Type)
			}
		}
		t.templates[strings.TrimSuffix(path.Base(name), ".json")] = tpl
	}
	if err := readJSON(fsys, "locales/en.default.json", &t.translations); err != nil {
		return nil, err
	}
	if t.settingDefs, t.settingsData, err = readSettings(fsys); err != nil {
		return nil, err
	}
	return t, nil
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
	if err := json.Unmarshal(b, into); err != nil {
		return fmt.Errorf("theme: %s: %w", name, err)
	}
	return nil
}

var schemaBlock = regexp.MustCompile(`(?s){%-?\s*schema\s*-?%}(.*?){%-?\s*endschema\s*-?%}`)

func readSchema(source []byte) (sectionSchema, error) {
	var schema sectionSchema
	m := schemaBlock.FindSubmatch(source)
	if m == nil {
		return schema, nil
	}
	if err := json.Unmarshal(m[1], &schema); err != nil {
		return schema, fmt.Errorf("{%% schema %%}: %w", err)
	}
	return schema, nil
}

// readSettings reads the theme settings' definitions from
// config/settings_schema.json and their values from
// config/settings_data.json.
func readSettings(fsys fs.FS) ([]settingDef, map[string]any, error) {
	var groups []struct {
		Settings []settingDef `json:"settings"`
	}
	if err := readJSON(fsys, "config/settings_schema.json", &groups); err != nil {
		return nil, nil, err
	}
	var defs []settingDef
	for _, g := range groups {
		defs = append(defs, g.Settings...)
	}
	var data struct {
		Current map[string]any `json:"current"`
	}
	if err := readJSON(fsys, "config/settings_data.json", &data); err != nil {
		return nil, nil, err
	}
	return defs, data.Current, nil
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
	cfg.AddBlock("form").Compiler(t.formTag)
	cfg.AddBlock("paginate").Compiler(t.paginateTag)
	cfg.AddBlock("style").Compiler(wrapTag("<style data-shopify>", "</style>"))
	cfg.AddBlock("stylesheet").Compiler(wrapTag("<style>", "</style>"))
	cfg.AddBlock("javascript").Compiler(wrapTag("<script>", "</script>"))
	cfg.AddBlock("schema").Compiler(silentTag)
	cfg.AddBlock("doc").Compiler(silentTag)
	t.addFilters(&cfg, currency)
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

// globalObjects are the objects a snippet sees besides its parameters.
var globalObjects = []string{
	"shop", "settings", "cart", "localization", "request", "routes", "linklists", "collections",
	"template", "page_title", "canonical_url",
}

// stateBinding holds the page's rendering state among the Liquid variables,
// under a name no template can write, so tags and nested renders find it.
const stateBinding = "knitfront:state"

type pageState struct {
	page     Page
	template jsonTemplate
	cfg      *render.Config
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
	return &pageState{page: p, template: tpl, cfg: cfg}, nil
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
	return renderNode(w, t.files[layoutFile], bindings)
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
	if _, ok := t.schemas[id]; ok {
		return sectionInstance{id: id, typ: id}, true
	}
	return sectionInstance{}, false
}

// sectionInstance is a section placed on a page: by a JSON template, or
// statically by {% section %} with its schema's defaults.
type sectionInstance struct {
	id, typ    string
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
	for _, id := range s.blockOrder {
		b, ok := s.blocks[id]
		if !ok || b.Disabled {
			continue
		}
		var defs []settingDef
		for _, bs := range schema.Blocks {
			if bs.Type == b.Type {
				defs = bs.Settings
			}
		}
		section.Blocks = append(section.Blocks, &blockObject{ID: id, Type: b.Type, Settings: resolveSettings(defs, b.Settings, state.page.Resolve)})
	}
	tag := schema.Tag
	if tag == "" {
		tag = "div"
	}
	class := strings.TrimSpace("shopify-section " + schema.Class)
	if _, err := fmt.Fprintf(w, `<%s id="shopify-section-%s" class="%s">`, tag, html.EscapeString(s.id), html.EscapeString(class)); err != nil {
		return err
	}
	bindings := maps.Clone(state.page.Objects)
	bindings["section"] = section
	bindings[stateBinding] = state
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
		if resolve != nil {
			v = resolve(d.Type, v)
		}
		out[d.ID] = v
	}
	return out
}

// snippetBindings are what a rendered snippet sees: the global objects.
func snippetBindings(state *pageState) map[string]any {
	out := make(map[string]any, len(globalObjects)+4)
	for _, name := range globalObjects {
		if v, ok := state.page.Objects[name]; ok {
			out[name] = v
		}
	}
	out[stateBinding] = state
	return out
}

func renderNode(w io.Writer, node render.Node, bindings map[string]any) error {
	state := stateOf(bindings)
	if err := render.Render(node, w, bindings, *state.cfg); err != nil {
		return err
	}
	return nil
}
