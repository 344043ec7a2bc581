package demo

// productSpecs lists the demo products. A product's ids follow from its place
// in this list, so add new products at the end.
func productSpecs() []productSpec {
	return []productSpec{
		// Sweaters.
		{
			handle: "oat-cable-sweater", title: "Oat Cable Sweater", kind: "sweater", knitter: 1,
			colours: []string{"oat", "cream", "charcoal"}, price: pricePoint{129, 215, 115, 139},
			blurb:      "A roomy crew-neck with a braided cable running down the front and both sleeves. Rūta knits it in soft Lithuanian lambswool that only gets better with wear.",
			tags:       []string{"lambswool", "cables", "crew-neck"},
			outOfStock: []string{"Charcoal / XS", "Charcoal / XL"}, collections: []string{"gifts"},
		},
		{
			handle: "harbour-rib-sweater", title: "Harbour Rib Sweater", kind: "sweater", knitter: 1,
			colours: []string{"navy", "charcoal", "oat"}, price: pricePoint{119, 199, 105, 129},
			blurb: "A fitted sweater in a deep two-by-two rib that hugs without clinging. It layers neatly under a coat on grey harbour mornings.",
			tags:  []string{"merino", "rib"},
		},
		{
			handle: "moss-stitch-crew", title: "Moss Stitch Crew", kind: "sweater", knitter: 1,
			colours: []string{"moss", "sage", "oat"}, price: pricePoint{109, 179, 95, 119},
			blurb: "Moss stitch gives this easy crew a nubbly texture you will want to run your hand over. The fit is relaxed, with dropped shoulders.",
			tags:  []string{"lambswool", "textured"},
		},
		{
			handle: "fishermans-gansey", title: "Fisherman's Gansey", kind: "sweater", knitter: 6,
			colours: []string{"navy", "cream"}, price: pricePoint{149, 249, 129, 165},
			blurb: "Birutė knits this gansey tightly in worsted wool, the way fishermen's wives did, so it shrugs off wind and spray. The yoke carries a band of traditional ladder and diamond patterns.",
			tags:  []string{"wool", "gansey", "traditional"},
		},
		{
			handle: "fireside-turtleneck", title: "Fireside Turtleneck", kind: "sweater", knitter: 1,
			colours: []string{"rust", "mustard", "cream"}, price: pricePoint{139, 229, 119, 149}, compareAt: pricePoint{169, 279, 149, 189},
			blurb: "A slouchy turtleneck in a warm alpaca blend, with a collar you can fold twice or wear high. Made for long evenings by the fire.",
			tags:  []string{"alpaca", "turtleneck"},
		},
		{
			handle: "snowfall-yoke-sweater", title: "Snowfall Yoke Sweater", kind: "sweater", knitter: 1,
			colours: []string{"sky", "cream", "heather"}, price: pricePoint{159, 265, 139, 175},
			blurb: "A round-yoke sweater with a band of falling snowflakes across the shoulders. Each one is knitted to order after you place yours.",
			tags:  []string{"lambswool", "colourwork", "yoke"}, collections: []string{"new-arrivals"},
			preorder: &preorder{
				message: "Ships in early February — knitted to order",
				plans:   []plan{deposit(20), payInFull()},
			},
		},
		{
			handle: "heather-raglan", title: "Heather Raglan", kind: "sweater", knitter: 5,
			colours: []string{"heather", "charcoal"}, price: pricePoint{99, 165, 85, 109},
			blurb: "A light raglan sweater in a heathered merino, just right for spring evenings. Eglė knitted a small batch and it went fast.",
			tags:  []string{"merino", "raglan"}, soldOut: true,
		},
		{
			handle: "mustard-field-sweater", title: "Mustard Field Sweater", kind: "sweater", knitter: 5,
			colours: []string{"mustard", "oat"}, price: pricePoint{115, 189, 99, 125}, compareAt: pricePoint{135, 225, 119, 149},
			blurb: "Sunny, simple and cheerful, with a wide boat neck and three-quarter sleeves. A bright pick-me-up for dark mornings.",
			tags:  []string{"cotton-wool", "boat-neck"},
		},
		{
			handle: "forest-trail-pullover", title: "Forest Trail Pullover", kind: "sweater", knitter: 1,
			colours: []string{"forest", "moss", "charcoal"}, price: pricePoint{125, 209, 109, 135},
			blurb: "A sturdy pullover with saddle shoulders and reinforced elbows, made for muddy walks in the woods. The wool is left a little rustic for extra warmth.",
			tags:  []string{"wool", "outdoor"},
		},
		{
			handle: "sunday-boxy-sweater", title: "Sunday Boxy Sweater", kind: "sweater", knitter: 5,
			colours: []string{"rose", "cream", "sage"}, price: pricePoint{105, 175, 89, 115},
			blurb: "A short, boxy sweater with wide sleeves, knitted loosely in a cloud-soft merino. Perfect with high-waisted trousers and a slow Sunday.",
			tags:  []string{"merino", "cropped"}, collections: []string{"new-arrivals"},
		},

		// Cardigans.
		{
			handle: "meadow-button-cardigan", title: "Meadow Button Cardigan", kind: "cardigan", knitter: 5,
			colours: []string{"sage", "cream", "rose"}, price: pricePoint{139, 229, 119, 149},
			blurb:      "A classic V-neck cardigan with seven wooden buttons and two patch pockets. Eglė knits the button band separately so it never sags.",
			tags:       []string{"merino", "v-neck", "pockets"},
			outOfStock: []string{"Rose / L", "Rose / XL"},
		},
		{
			handle: "linen-stitch-cardigan", title: "Linen Stitch Cardigan", kind: "cardigan", knitter: 5,
			colours: []string{"oat", "sky"}, price: pricePoint{129, 215, 115, 139},
			blurb: "Linen stitch makes a dense, woven-looking fabric that keeps its shape beautifully. A tidy cardigan for the office and for the weekend.",
			tags:  []string{"cotton-wool", "textured"},
		},
		{
			handle: "grandpa-shawl-cardigan", title: "Grandpa Shawl Collar Cardigan", kind: "cardigan", knitter: 1,
			colours: []string{"charcoal", "oat", "forest"}, price: pricePoint{169, 279, 149, 189}, compareAt: pricePoint{199, 329, 175, 219},
			blurb: "A heavy shawl-collar cardigan with leather-look buttons and deep pockets. It is the one you borrow and never give back.",
			tags:  []string{"wool", "shawl-collar", "chunky"},
		},
		{
			handle: "berry-patch-cardigan", title: "Berry Patch Cardigan", kind: "cardigan", knitter: 5,
			colours: []string{"berry", "heather"}, price: pricePoint{135, 225, 115, 145},
			blurb: "A cropped cardigan scattered with little knitted berries in raised bobbles. Each one is knitted to order in the colour you choose.",
			tags:  []string{"merino", "bobbles"}, collections: []string{"new-arrivals"},
			preorder: &preorder{
				message: "Ships in late February — knitted to order",
				plans:   []plan{fixedDeposit(pricePoint{40, 65, 35, 45})},
			},
		},
		{
			handle: "lace-edge-cardigan", title: "Lace Edge Cardigan", kind: "cardigan", knitter: 5,
			colours: []string{"cream", "rose"}, price: pricePoint{119, 199, 105, 129},
			blurb: "A light cardigan finished with a scalloped lace edge at the hem and cuffs. Pretty over a summer dress on cool evenings.",
			tags:  []string{"cotton", "lace"}, collections: []string{"gifts"},
		},
		{
			handle: "long-line-cardigan", title: "Long-Line Cardigan", kind: "cardigan", knitter: 1,
			colours: []string{"charcoal", "heather"}, price: pricePoint{179, 299, 155, 199},
			blurb: "A knee-length open cardigan that wraps you like a blanket with sleeves. Side slits keep it easy to walk in.",
			tags:  []string{"alpaca", "long"},
		},
		{
			handle: "cropped-bobble-cardigan", title: "Cropped Bobble Cardigan", kind: "cardigan", knitter: 5,
			colours: []string{"mustard", "sky"}, price: pricePoint{115, 189, 99, 125},
			blurb: "A playful short cardigan with a single row of bobbles along the yoke. Mustard is ready to ship; the new Sky colour is knitted to order.",
			tags:  []string{"merino", "bobbles", "cropped"}, collections: []string{"new-arrivals"},
			preorder: &preorder{
				message: "Sky ships in mid-March — knitted to order",
				plans:   []plan{deposit(20)},
				colours: []string{"sky"},
			},
		},
		{
			handle: "harvest-cardigan", title: "Harvest Cardigan", kind: "cardigan", knitter: 5,
			colours: []string{"rust", "oat"}, price: pricePoint{125, 209, 109, 135}, compareAt: pricePoint{149, 249, 129, 165},
			blurb: "A crew-neck cardigan in autumn colours with tiny horn buttons. It is lightweight enough to wear from September to May.",
			tags:  []string{"lambswool", "crew-neck"},
		},

		// Socks.
		{
			handle: "everyday-wool-socks", title: "Everyday Wool Socks", kind: "sock", knitter: 2,
			colours: []string{"oat", "charcoal", "navy"}, price: pricePoint{24, 39, 21, 27},
			blurb:      "Plain, honest wool socks with a reinforced heel and toe. Agnė's most-loved pair, for every single day of the week.",
			tags:       []string{"wool", "everyday"},
			outOfStock: []string{"Navy / 42-44"},
		},
		{
			handle: "cabin-boot-socks", title: "Cabin Boot Socks", kind: "sock", knitter: 2,
			colours: []string{"cream", "rust", "forest"}, price: pricePoint{29, 49, 25, 32},
			blurb: "Thick, cushioned socks to wear inside boots or around a cold cabin. The tall ribbed cuff stays up all day.",
			tags:  []string{"wool", "thick"},
		},
		{
			handle: "candy-stripe-socks", title: "Candy Stripe Socks", kind: "sock", knitter: 2,
			colours: []string{"rose", "sky"}, price: pricePoint{27, 45, 23, 29},
			blurb: "Cheerful striped socks in a soft merino blend. They are impossible to lose in the laundry.",
			tags:  []string{"merino", "stripes"},
		},
		{
			handle: "hiking-ribbed-socks", title: "Hiking Ribbed Socks", kind: "sock", knitter: 2,
			colours: []string{"moss", "charcoal"}, price: pricePoint{32, 55, 28, 35},
			blurb: "Hard-wearing ribbed socks with a touch of nylon in the heel and toe for long trails. Agnė tests every new batch on a weekend hike.",
			tags:  []string{"wool", "outdoor"},
		},
		{
			handle: "slouchy-bed-socks", title: "Slouchy Bed Socks", kind: "sock", knitter: 2,
			colours: []string{"cream", "heather", "rose"}, price: pricePoint{26, 45, 23, 29},
			blurb: "Loose, fluffy socks knitted in mohair for the coldest bedrooms. A lovely small gift.",
			tags:  []string{"mohair", "cosy"}, collections: []string{"gifts"},
		},
		{
			handle: "classic-heel-flap-socks", title: "Classic Heel-Flap Socks", kind: "sock", knitter: 2,
			colours: []string{"navy", "mustard"}, price: pricePoint{25, 42, 22, 28},
			blurb: "Socks knitted top-down with a traditional slipped-stitch heel flap. This season's batch has sold out; Agnė is knitting more.",
			tags:  []string{"wool", "traditional"}, soldOut: true,
		},
		{
			handle: "lace-ankle-socks", title: "Lace Ankle Socks", kind: "sock", knitter: 2,
			colours: []string{"sage", "rose"}, price: pricePoint{25, 42, 22, 28}, compareAt: pricePoint{32, 55, 28, 35},
			blurb: "Short socks with a delicate lace panel, light enough for spring shoes. Knitted in cotton and merino.",
			tags:  []string{"cotton", "lace"},
		},
		{
			handle: "merino-dress-socks", title: "Merino Dress Socks", kind: "sock", knitter: 2,
			colours: []string{"charcoal", "navy", "berry"}, price: pricePoint{29, 49, 25, 32},
			blurb: "Fine-gauge merino socks, thin enough for smart shoes. A quiet bit of luxury under a suit.",
			tags:  []string{"merino", "fine"}, collections: []string{"gifts"},
		},
		{
			handle: "welly-socks", title: "Welly Socks", kind: "sock", knitter: 2,
			colours: []string{"mustard", "forest"}, price: pricePoint{34, 59, 29, 39},
			blurb: "Knee-high socks with a fold-over cuff that peeks out of your wellies. Made for puddles and allotments.",
			tags:  []string{"wool", "knee-high"}, collections: []string{"new-arrivals"},
		},

		// Mittens.
		{
			handle: "rastai-patterned-mittens", title: "Raštai Patterned Mittens", kind: "mitten", knitter: 7,
			colours: []string{"rust", "cream", "navy"}, price: pricePoint{49, 79, 42, 55}, compareAt: pricePoint{59, 99, 52, 65},
			blurb: "Traditional Lithuanian mittens covered in raštai, the old patterns of sun, stars and rue. Ieva knits them at a tight gauge for real warmth.",
			tags:  []string{"wool", "colourwork", "traditional"},
		},
		{
			handle: "cosy-cable-mittens", title: "Cosy Cable Mittens", kind: "mitten", knitter: 7,
			colours: []string{"oat", "charcoal", "berry"}, price: pricePoint{39, 65, 35, 45},
			blurb: "Mittens with a single cable up the back of the hand and a long ribbed cuff. They tuck neatly into coat sleeves.",
			tags:  []string{"lambswool", "cables"}, collections: []string{"gifts"},
		},
		{
			handle: "fingerless-reading-mitts", title: "Fingerless Reading Mitts", kind: "mitten", knitter: 7,
			colours: []string{"heather", "sage"}, price: pricePoint{29, 49, 25, 32},
			blurb: "Fingerless mitts for reading, typing and turning pages in a chilly room. Soft alpaca keeps your wrists warm.",
			tags:  []string{"alpaca", "fingerless"}, collections: []string{"gifts"},
		},
		{
			handle: "snowflake-mittens", title: "Snowflake Mittens", kind: "mitten", knitter: 7,
			colours: []string{"navy", "berry"}, price: pricePoint{45, 75, 39, 49},
			blurb: "Two-colour mittens with a big snowflake on the back of each hand. Ieva knits each pair to order.",
			tags:  []string{"wool", "colourwork"},
			preorder: &preorder{
				message: "Ships in January — knitted to order",
				plans:   []plan{fixedDeposit(pricePoint{10, 15, 9, 10})},
			},
		},
		{
			handle: "fleece-lined-mittens", title: "Fleece-Lined Mittens", kind: "mitten", knitter: 7,
			colours: []string{"charcoal", "moss"}, price: pricePoint{55, 89, 49, 59},
			blurb: "Wool mittens lined with soft fleece for the bitterest mornings. Wind does not get through.",
			tags:  []string{"wool", "lined"},
		},
		{
			handle: "thrummed-mittens", title: "Thrummed Mittens", kind: "mitten", knitter: 7,
			colours: []string{"cream", "sky"}, price: pricePoint{59, 99, 52, 65},
			blurb: "Mittens knitted with tufts of fleece caught inside, so they are fluffy on the inside and dotted on the outside. Sold out for now.",
			tags:  []string{"wool", "thrummed"}, soldOut: true,
		},
		{
			handle: "flip-top-mittens", title: "Flip-Top Mittens", kind: "mitten", knitter: 7,
			colours: []string{"forest", "mustard"}, price: pricePoint{45, 75, 39, 49},
			blurb: "Half-finger gloves with a mitten top that flips back when you need your fingertips. Handy for keys and phones.",
			tags:  []string{"wool", "convertible"},
		},

		// Hats.
		{
			handle: "pebble-beanie", title: "Pebble Beanie", kind: "hat", knitter: 3,
			colours: []string{"oat", "charcoal", "sage", "rose"}, price: pricePoint{35, 59, 29, 39},
			blurb:      "A snug beanie in a pebbly seed stitch with a turned-up brim. It comes in four easy colours.",
			tags:       []string{"merino", "beanie"},
			outOfStock: []string{"Rose"},
		},
		{
			handle: "pompom-bobble-hat", title: "Pom-Pom Bobble Hat", kind: "hat", knitter: 3,
			colours: []string{"berry", "cream", "mustard"}, price: pricePoint{39, 65, 35, 45},
			blurb: "A proper winter bobble hat with one of Dalia's famously round pompoms. Warm, bright and a little silly.",
			tags:  []string{"wool", "pompom"}, collections: []string{"gifts"},
		},
		{
			handle: "fishermans-watch-cap", title: "Fisherman's Watch Cap", kind: "hat", knitter: 3,
			colours: []string{"navy", "rust", "charcoal"}, price: pricePoint{32, 55, 28, 35},
			blurb: "A short ribbed watch cap that sits above the ears, as sailors wear it. Dense wool keeps the wind out.",
			tags:  []string{"wool", "rib"},
		},
		{
			handle: "slouch-beret", title: "Slouch Beret", kind: "hat", knitter: 3,
			colours: []string{"heather", "rose"}, price: pricePoint{36, 59, 32, 39},
			blurb: "A soft, slouchy beret knitted in a spiral of lace. Wear it tilted.",
			tags:  []string{"merino", "beret", "lace"},
		},
		{
			handle: "frost-fair-isle-hat", title: "Frost Fair Isle Hat", kind: "hat", knitter: 3,
			colours: []string{"sky", "cream"}, price: pricePoint{45, 75, 39, 49},
			blurb: "A stranded Fair Isle hat with bands of frost flowers and a double-layered brim. Knitted to order in small batches.",
			tags:  []string{"wool", "colourwork"}, collections: []string{"new-arrivals"},
			preorder: &preorder{
				message: "Ships in early February — knitted to order",
				plans:   []plan{deposit(30)},
			},
		},
		{
			handle: "earflap-trapper-hat", title: "Earflap Trapper Hat", kind: "hat", knitter: 3,
			colours: []string{"moss", "mustard"}, price: pricePoint{42, 69, 36, 45},
			blurb: "A warm trapper hat with earflaps and braided ties. Made for sledging and frosty dog walks.",
			tags:  []string{"wool", "earflaps"},
		},
		{
			handle: "brioche-beanie", title: "Brioche Beanie", kind: "hat", knitter: 3,
			colours: []string{"forest", "oat"}, price: pricePoint{38, 65, 32, 42},
			blurb: "A squishy beanie in two-colour brioche stitch, reversible for twice the wear. Dalia's newest design.",
			tags:  []string{"merino", "brioche", "reversible"}, collections: []string{"new-arrivals"},
		},
		{
			handle: "baby-bonnet", title: "Baby Bonnet", kind: "hat", knitter: 3,
			colours: []string{"cream", "rose", "sky"}, price: pricePoint{29, 49, 25, 32},
			blurb: "A sweet bonnet with ties for babies from three to twelve months. Knitted in the softest organic cotton.",
			tags:  []string{"cotton", "baby"}, collections: []string{"gifts"},
		},

		// Scarves.
		{
			handle: "seaside-rib-scarf", title: "Seaside Rib Scarf", kind: "scarf", knitter: 6,
			colours: []string{"navy", "sky", "cream"}, price: pricePoint{59, 99, 52, 65},
			blurb: "A long, springy rib scarf in sea colours, knitted on the Baltic coast. It wraps twice around without bulk.",
			tags:  []string{"merino", "rib"}, collections: []string{"gifts"},
		},
		{
			handle: "chunky-cable-scarf", title: "Chunky Cable Scarf", kind: "scarf", knitter: 6,
			colours: []string{"oat", "charcoal"}, price: pricePoint{69, 115, 59, 75}, compareAt: pricePoint{85, 139, 75, 95},
			blurb: "A thick scarf with three big cables side by side. It is as warm as a small blanket.",
			tags:  []string{"wool", "cables", "chunky"},
		},
		{
			handle: "college-stripe-scarf", title: "College Stripe Scarf", kind: "scarf", knitter: 6,
			colours: []string{"berry", "forest"}, price: pricePoint{55, 89, 49, 59},
			blurb: "A double-knit scarf with bold stripes and a tasselled fringe. Old-fashioned in the best way.",
			tags:  []string{"wool", "stripes"},
		},
		{
			handle: "feather-lace-wrap", title: "Feather Lace Wrap", kind: "scarf", knitter: 6,
			colours: []string{"cream", "rose", "heather"}, price: pricePoint{79, 129, 69, 89},
			blurb: "An airy wrap in feather-and-fan lace, light as a cloud. Birutė blocks each one by hand so the scallops lie just so.",
			tags:  []string{"mohair", "lace", "wrap"}, collections: []string{"gifts"},
		},
		{
			handle: "amber-infinity-cowl", title: "Amber Infinity Cowl", kind: "scarf", knitter: 6,
			colours: []string{"rust", "mustard"}, price: pricePoint{45, 75, 39, 49},
			blurb: "A loop cowl in amber tones that doubles around the neck. No ends to tuck in and nothing to come loose.",
			tags:  []string{"alpaca", "cowl"}, collections: []string{"new-arrivals"},
		},
		{
			handle: "moss-stitch-scarf", title: "Moss Stitch Scarf", kind: "scarf", knitter: 1,
			colours: []string{"moss", "sage"}, price: pricePoint{49, 79, 42, 55},
			blurb: "A classic scarf in moss stitch, the same on both sides and flat as a pancake. A good one to wear every day.",
			tags:  []string{"lambswool", "textured"},
		},
		{
			handle: "extra-long-winter-scarf", title: "Extra-Long Winter Scarf", kind: "scarf", knitter: 6,
			colours: []string{"charcoal", "navy", "rust"}, price: pricePoint{75, 125, 65, 85},
			blurb: "Nearly three metres of soft garter stitch for wrapping up to the nose. Made for the properly cold days.",
			tags:  []string{"wool", "long"},
		},

		// Blankets.
		{
			handle: "patchwork-throw", title: "Patchwork Throw", kind: "blanket", knitter: 4,
			colours: []string{"rose", "sage", "mustard"}, price: pricePoint{189, 315, 165, 209},
			blurb: "Knitted squares in different stitches, joined into a cheerful patchwork. No two throws are quite the same.",
			tags:  []string{"wool", "patchwork"},
		},
		{
			handle: "chunky-knit-throw", title: "Chunky Knit Throw", kind: "blanket", knitter: 4,
			colours: []string{"cream", "oat", "charcoal"}, price: pricePoint{219, 365, 189, 239}, compareAt: pricePoint{259, 429, 225, 279},
			blurb: "A heavy throw in super-chunky merino with stitches as big as your thumb. It turns any sofa into a nest.",
			tags:  []string{"merino", "chunky"},
		},
		{
			handle: "little-cloud-baby-blanket", title: "Little Cloud Baby Blanket", kind: "blanket", knitter: 4,
			colours: []string{"cream", "sky", "rose"}, price: pricePoint{89, 149, 79, 99},
			blurb: "A small, soft blanket for prams and cots, edged with a row of little clouds. Knitted in washable organic cotton.",
			tags:  []string{"cotton", "baby"}, collections: []string{"gifts"},
		},
		{
			handle: "aran-cable-throw", title: "Aran Cable Throw", kind: "blanket", knitter: 4,
			colours: []string{"oat", "cream"}, price: pricePoint{249, 415, 215, 275},
			blurb: "An heirloom throw in panels of Aran cables, honeycomb and diamonds. Marija knits each one to order over about three weeks.",
			tags:  []string{"wool", "cables", "heirloom"}, collections: []string{"new-arrivals"},
			preorder: &preorder{
				message: "Ships in April — each throw takes Marija about three weeks",
				plans:   []plan{fixedDeposit(pricePoint{50, 80, 45, 55}), payInFull()},
			},
		},
		{
			handle: "sofa-stripe-blanket", title: "Sofa Stripe Blanket", kind: "blanket", knitter: 4,
			colours: []string{"navy", "rust"}, price: pricePoint{169, 279, 149, 189},
			blurb: "Wide stripes in two warm colours, sized to cover a three-seat sofa. It looks as good folded as spread out.",
			tags:  []string{"wool", "stripes"},
		},
		{
			handle: "garden-picnic-blanket", title: "Garden Picnic Blanket", kind: "blanket", knitter: 4,
			colours: []string{"moss", "forest"}, price: pricePoint{179, 299, 155, 199},
			blurb: "A sturdy blanket in tweedy wool for picnics, garden benches and cool summer nights. It rolls up with a knitted strap.",
			tags:  []string{"wool", "outdoor"},
		},
		{
			handle: "heirloom-lace-blanket", title: "Heirloom Lace Blanket", kind: "blanket", knitter: 4,
			colours: []string{"cream", "heather"}, price: pricePoint{229, 379, 199, 249},
			blurb: "A fine lace blanket with a wide leaf border, knitted from the centre out. The last one has found its home.",
			tags:  []string{"merino", "lace", "heirloom"}, soldOut: true,
		},
	}
}
