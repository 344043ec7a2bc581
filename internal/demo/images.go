package demo

import (
	"bytes"
	"encoding/xml"
	"net/http"
	"strconv"
	"strings"
	"text/template"
)

// Images serves the demo pictures named in the package comment as SVG drawn
// on request. It expects the full request path, starting with ImagePrefix.
func Images() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name, found := strings.CutPrefix(r.URL.Path, ImagePrefix)
		svg, ok := drawImage(name)
		if !found || !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "public, max-age=86400")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Write(svg)
	})
}

// drawImage draws the picture at a path below ImagePrefix, or reports that no
// picture has that name.
func drawImage(name string) ([]byte, bool) {
	dir, file, _ := strings.Cut(name, "/")
	base, ok := strings.CutSuffix(file, ".svg")
	if !ok {
		return nil, false
	}
	switch dir {
	case "products":
		kindName, colourName, _ := strings.Cut(base, "-")
		k, okKind := kindNamed(kindName)
		c, okColour := colourNamed(colourName)
		if !okKind || !okColour {
			return nil, false
		}
		return render("product", productDrawing{yarn(c), k.name, c.title() + " " + k.name}), true
	case "swatches":
		c, ok := colourNamed(base)
		if !ok {
			return nil, false
		}
		return render("swatch", swatchDrawing{yarn(c), c.title()}), true
	case "knitters":
		idText, picture, _ := strings.Cut(base, "-")
		id, err := strconv.Atoi(idText)
		all := makers()
		if err != nil || id < 1 || id > len(all) || strconv.Itoa(id) != idText {
			return nil, false
		}
		k := all[id-1]
		c, _ := colourNamed(k.colour)
		d := knitterDrawing{Yarn: yarn(c), Name: k.name, Initials: k.initials(), Look: looks[(id-1)%len(looks)]}
		switch picture {
		case "avatar":
			return render("avatar", d), true
		case "photo":
			return render("photo", d), true
		}
	}
	return nil, false
}

// yarnColours are the colours of one yarn, as the drawings use them.
type yarnColours struct {
	Main, Stitch, Outline, Light, Background string
}

func yarn(c colour) yarnColours {
	return yarnColours{c.hex, c.stitch(), c.outline(), c.light(), c.background()}
}

type productDrawing struct {
	Yarn  yarnColours
	Kind  string
	Title string
}

type swatchDrawing struct {
	Yarn  yarnColours
	Title string
}

type knitterDrawing struct {
	Yarn     yarnColours
	Name     string
	Initials string
	Look     look
}

// look is how a knitter's portrait draws her skin and hair.
type look struct{ Skin, Hair string }

var looks = []look{
	{"#f1c9a5", "#6b4a2b"},
	{"#e8b48e", "#2e2420"},
	{"#f5d3b8", "#c4874a"},
	{"#d9a07a", "#4a3426"},
	{"#f3cfae", "#d9c07a"},
	{"#c98e68", "#1f1a17"},
	{"#efc39e", "#8a5a34"},
}

func render(name string, data any) []byte {
	var b bytes.Buffer
	// The templates are this package's own and their data is always
	// complete, so an error is a bug that every image test reports.
	if err := drawings.ExecuteTemplate(&b, name, data); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// escapeXML makes text safe inside an SVG element or attribute.
func escapeXML(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// drawings are the SVG templates. Shapes fill with the patterns "knit"
// (stockinette in the yarn's colour), "rib", "accent" (the outline colour,
// for heels, toes and buttons) and "fluff" (for pompoms and fringes).
var drawings = template.Must(template.New("").Funcs(template.FuncMap{"xml": escapeXML}).Parse(`
{{- define "patterns" -}}
<pattern id="knit" width="24" height="22" patternUnits="userSpaceOnUse"><rect width="24" height="22" fill="{{.Main}}"/><path d="M3 2q2 11 9 18M21 2q-2 11-9 18" fill="none" stroke="{{.Stitch}}" stroke-width="3" stroke-linecap="round" opacity=".55"/></pattern>
<pattern id="rib" width="16" height="12" patternUnits="userSpaceOnUse"><rect width="16" height="12" fill="{{.Main}}"/><rect width="5" height="12" fill="{{.Stitch}}" opacity=".6"/></pattern>
<pattern id="accent" width="24" height="22" patternUnits="userSpaceOnUse"><rect width="24" height="22" fill="{{.Outline}}"/><path d="M3 2q2 11 9 18M21 2q-2 11-9 18" fill="none" stroke="{{.Main}}" stroke-width="3" stroke-linecap="round" opacity=".35"/></pattern>
<pattern id="fluff" width="14" height="14" patternUnits="userSpaceOnUse"><rect width="14" height="14" fill="{{.Light}}"/><circle cx="4" cy="4" r="2.5" fill="{{.Main}}"/><circle cx="11" cy="10" r="2.5" fill="{{.Main}}"/></pattern>
{{- end}}

{{- define "product" -}}
<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">
<title>{{xml .Title}}</title>
<defs>{{template "patterns" .Yarn}}</defs>
<rect width="800" height="1000" fill="{{.Yarn.Background}}"/>
<ellipse cx="400" cy="880" rx="270" ry="34" fill="#000" opacity=".07"/>
<g stroke="{{.Yarn.Outline}}" stroke-width="5" stroke-linejoin="round">
{{- if eq .Kind "sweater"}}{{template "sweater"}}
{{- else if eq .Kind "cardigan"}}{{template "cardigan"}}
{{- else if eq .Kind "sock"}}{{template "sock"}}
{{- else if eq .Kind "mitten"}}{{template "mitten"}}
{{- else if eq .Kind "hat"}}{{template "hat"}}
{{- else if eq .Kind "scarf"}}{{template "scarf"}}
{{- else if eq .Kind "blanket"}}{{template "blanket"}}
{{- end}}
</g>
</svg>
{{end}}

{{- define "body" -}}
<g transform="translate(228 262) rotate(16)"><rect x="-62" y="0" width="124" height="420" rx="26" fill="url(#knit)"/><rect x="-58" y="420" width="116" height="64" rx="14" fill="url(#rib)"/></g>
<g transform="translate(572 262) rotate(-16)"><rect x="-62" y="0" width="124" height="420" rx="26" fill="url(#knit)"/><rect x="-58" y="420" width="116" height="64" rx="14" fill="url(#rib)"/></g>
<path d="M236 250Q400 222 564 250L578 770H222Z" fill="url(#knit)"/>
<rect x="218" y="760" width="364" height="76" rx="16" fill="url(#rib)"/>
{{- end}}

{{- define "sweater" -}}
{{template "body"}}
<ellipse cx="400" cy="246" rx="96" ry="38" fill="url(#rib)"/>
<ellipse cx="400" cy="240" rx="70" ry="20" fill="url(#accent)"/>
{{- end}}

{{- define "cardigan" -}}
{{template "body"}}
<path d="M326 240L400 410L474 240Z" fill="url(#accent)"/>
<rect x="384" y="404" width="32" height="432" fill="url(#rib)"/>
<g fill="url(#accent)"><circle cx="400" cy="470" r="11"/><circle cx="400" cy="560" r="11"/><circle cx="400" cy="650" r="11"/><circle cx="400" cy="740" r="11"/></g>
<rect x="262" y="600" width="96" height="100" rx="10" fill="url(#knit)"/><rect x="442" y="600" width="96" height="100" rx="10" fill="url(#knit)"/>
{{- end}}

{{- define "sock" -}}
<g transform="translate(-84 90)">
<path d="M290 230H470V540L610 590Q690 620 682 676Q672 740 596 740H390Q292 740 286 640Z" fill="url(#knit)"/>
<path d="M286 610Q292 740 390 740L398 662Q330 662 324 610Z" fill="url(#accent)"/>
<path d="M606 590Q690 620 682 676Q672 740 596 740Q624 668 606 590Z" fill="url(#accent)"/>
<rect x="280" y="140" width="200" height="112" rx="14" fill="url(#rib)"/>
</g>
{{- end}}

{{- define "mitten" -}}
<path d="M306 470Q230 450 214 380Q204 330 246 320Q286 314 306 380Z" fill="url(#knit)"/>
<path d="M296 700V330Q296 170 420 170Q544 170 544 330V700Z" fill="url(#knit)"/>
<g fill="url(#accent)" stroke="none"><path d="M340 470l20-22 20 22-20 22z"/><path d="M400 470l20-22 20 22-20 22z"/><path d="M460 470l20-22 20 22-20 22z"/><path d="M370 540l20-22 20 22-20 22z"/><path d="M430 540l20-22 20 22-20 22z"/></g>
<rect x="284" y="690" width="272" height="150" rx="18" fill="url(#rib)"/>
{{- end}}

{{- define "hat" -}}
<g transform="translate(0 70)">
<path d="M232 640Q226 330 400 310Q574 330 568 640Z" fill="url(#knit)"/>
<g fill="url(#accent)" stroke="none"><path d="M280 540l20-22 20 22-20 22z"/><path d="M340 540l20-22 20 22-20 22z"/><path d="M400 540l20-22 20 22-20 22z"/><path d="M460 540l20-22 20 22-20 22z"/></g>
<rect x="212" y="600" width="376" height="140" rx="28" fill="url(#rib)"/>
<circle cx="400" cy="262" r="78" fill="url(#fluff)"/>
</g>
{{- end}}

{{- define "scarf" -}}
<rect x="170" y="180" width="460" height="26" rx="13" fill="#b58b5c" stroke="#7d5d3a"/>
<g transform="translate(470 206) rotate(-4)"><rect x="-66" y="0" width="132" height="560" rx="10" fill="url(#knit)"/><rect x="-66" y="440" width="132" height="40" fill="url(#accent)"/><path d="M-56 560v64M-34 560v64M-12 560v64M10 560v64M32 560v64M54 560v64" stroke="url(#fluff)" stroke-width="12" stroke-linecap="round"/></g>
<g transform="translate(336 206) rotate(3)"><rect x="-70" y="0" width="140" height="640" rx="10" fill="url(#knit)"/><rect x="-70" y="520" width="140" height="40" fill="url(#accent)"/><path d="M-60 640v64M-38 640v64M-16 640v64M6 640v64M28 640v64M50 640v64" stroke="url(#fluff)" stroke-width="12" stroke-linecap="round"/></g>
<path d="M262 214Q400 150 540 214L538 262Q400 214 264 262Z" fill="url(#knit)"/>
{{- end}}

{{- define "blanket" -}}
<g transform="translate(0 50)">
<rect x="170" y="660" width="460" height="140" rx="60" fill="url(#knit)"/>
<rect x="160" y="530" width="480" height="140" rx="60" fill="url(#knit)"/>
<rect x="170" y="400" width="460" height="140" rx="60" fill="url(#knit)"/>
<g fill="url(#accent)" stroke="none"><rect x="300" y="403" width="40" height="134"/><rect x="460" y="403" width="40" height="134"/><rect x="300" y="533" width="40" height="134"/><rect x="460" y="533" width="40" height="134"/><rect x="300" y="663" width="40" height="134"/><rect x="460" y="663" width="40" height="134"/></g>
<rect x="560" y="690" width="44" height="34" rx="4" fill="url(#fluff)" stroke-width="3"/>
</g>
{{- end}}

{{- define "swatch" -}}
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
<title>{{xml .Title}}</title>
<defs>{{template "patterns" .Yarn}}</defs>
<circle cx="100" cy="100" r="94" fill="url(#knit)" stroke="{{.Yarn.Outline}}" stroke-width="4"/>
</svg>
{{end}}

{{- define "avatar" -}}
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">
<title>{{xml .Name}}</title>
<circle cx="100" cy="100" r="100" fill="{{.Yarn.Background}}"/>
<circle cx="100" cy="100" r="88" fill="{{.Yarn.Light}}" stroke="{{.Yarn.Main}}" stroke-width="8"/>
<text x="100" y="102" text-anchor="middle" dominant-baseline="central" font-family="Georgia, serif" font-size="72" font-weight="bold" fill="{{.Yarn.Outline}}">{{xml .Initials}}</text>
</svg>
{{end}}

{{- define "photo" -}}
<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
<title>{{xml .Name}} knitting</title>
<defs>{{template "patterns" .Yarn}}</defs>
<rect width="800" height="600" fill="{{.Yarn.Background}}"/>
<rect x="520" y="60" width="210" height="250" rx="8" fill="#dcebf5" stroke="#fff" stroke-width="14"/>
<path d="M625 60V310M520 185H730" stroke="#fff" stroke-width="10"/>
<rect y="470" width="800" height="130" fill="#c9a77c"/>
<path d="M268 150Q230 150 222 230Q214 330 250 360H420Q456 330 448 230Q440 150 402 150Z" fill="{{.Look.Hair}}"/>
<rect x="310" y="270" width="50" height="70" fill="{{.Look.Skin}}"/>
<ellipse cx="335" cy="225" rx="72" ry="86" fill="{{.Look.Skin}}"/>
<g fill="#3a2a20"><circle cx="310" cy="228" r="7"/><circle cx="360" cy="228" r="7"/></g>
<path d="M312 262Q335 280 358 262" fill="none" stroke="#a0523a" stroke-width="5" stroke-linecap="round"/>
<path d="M263 220Q268 136 335 136Q404 136 408 220Q380 170 335 176Q290 170 263 220Z" fill="{{.Look.Hair}}"/>
<path d="M150 600Q150 360 335 320Q520 360 520 600Z" fill="url(#knit)" stroke="{{.Yarn.Outline}}" stroke-width="5"/>
<path d="M290 332Q335 370 380 332" fill="none" stroke="url(#rib)" stroke-width="22"/>
<path d="M250 500L470 420M258 430L462 510" stroke="#8a6a45" stroke-width="8" stroke-linecap="round"/>
<rect x="300" y="440" width="120" height="70" rx="8" fill="url(#knit)" stroke="{{.Yarn.Outline}}" stroke-width="4"/>
<path d="M560 470h180l-20 110H580Z" fill="#a8825a" stroke="#7d5d3a" stroke-width="5"/>
<circle cx="610" cy="462" r="38" fill="#d6a23c" stroke="#9a7022" stroke-width="4"/>
<circle cx="690" cy="458" r="40" fill="{{.Yarn.Main}}" stroke="{{.Yarn.Outline}}" stroke-width="4"/>
<path d="M584 450q26 22 56-4M664 440q26 24 56-2" fill="none" stroke="#fff" stroke-width="3" opacity=".5"/>
</svg>
{{end}}
`))
