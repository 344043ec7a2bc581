package demo

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"knitfront/internal/catalog"
)

// knitter is a maker of the demo shop, with the yarn colour of her portrait.
type knitter struct {
	name        string
	description string
	colour      string
}

// makers lists the knitters; a knitter's id is her place in the list, from 1.
func makers() []knitter {
	return []knitter{
		{
			name:        "Rūta Petrauskienė",
			description: "Rūta learned to knit cables at her grandmother's kitchen table in Vilnius and has not put the needles down since. Her sweaters are generous, warm and made to be worn for decades. She knits every evening with a pot of linden tea beside her.",
			colour:      "oat",
		},
		{
			name:        "Agnė Kazlauskaitė",
			description: "Agnė believes good socks can fix a bad day. From her flat in Kaunas she knits socks with reinforced heels and toes, so they outlast the boots you wear them in. Ask her about sock yarn and you will get a very happy hour-long answer.",
			colour:      "rust",
		},
		{
			name:        "Dalia Vaitkutė",
			description: "Dalia designs our hats, from slouchy berets to proper fisherman's caps. She tests every pattern on the windy walk along the Neris river. Her pompoms are famously round.",
			colour:      "berry",
		},
		{
			name:        "Marija Jankauskienė",
			description: "Marija has knitted blankets for three generations of her family and now knits them for yours. Each one takes her two to four weeks, row by patient row. She signs every blanket with a little knitted tag in the corner.",
			colour:      "sage",
		},
		{
			name:        "Eglė Paulauskaitė",
			description: "Eglė knits cardigans with the details that make you smile: wooden buttons, neat button bands and pockets deep enough for your hands. She spins some of her own yarn on an old wheel she found at a Užupis flea market.",
			colour:      "sky",
		},
		{
			name:        "Birutė Stankevičienė",
			description: "Birutė lives by the sea in Klaipėda, and her scarves are made for its winds. She knits long, soft scarves and lacy wraps in colours borrowed from the Baltic. On calm days you will find her knitting on the dunes.",
			colour:      "navy",
		},
		{
			name:        "Ieva Žukauskaitė",
			description: "Ieva keeps the tradition of Lithuanian patterned mittens alive, each motif with a meaning of its own. Her mittens are knitted tight and warm, and she lines some of them with soft fleece for the coldest mornings. She also teaches a small mitten class every winter.",
			colour:      "mustard",
		},
	}
}

// knitters builds the catalogue's knitters, with images served by Images.
func knitters() []catalog.Knitter {
	var out []catalog.Knitter
	for i, k := range makers() {
		id := int64(i + 1)
		out = append(out, catalog.Knitter{
			ID:          id,
			Name:        k.name,
			Description: k.description,
			Photo:       knitterImageURL(id, "photo"),
			Avatar:      knitterImageURL(id, "avatar"),
			Position:    i + 1,
		})
	}
	return out
}

func knitterImageURL(id int64, picture string) string {
	return fmt.Sprintf("%sknitters/%d-%s.svg", ImagePrefix, id, picture)
}

// initials are the first letters of the first and last names: "RP".
func (k knitter) initials() string {
	var b strings.Builder
	words := strings.Fields(k.name)
	for _, w := range []string{words[0], words[len(words)-1]} {
		r, _ := utf8.DecodeRuneInString(w)
		b.WriteRune(r)
	}
	return b.String()
}
