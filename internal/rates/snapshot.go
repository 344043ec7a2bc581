package rates

import _ "embed"

// snapshotXML is one day of the ECB's daily feed, kept in the binary so that
// `knitfront dev` serves rates offline from an empty database. Its figures
// are of the scale the ECB published in late 2026, not a copy of its record.
//
//go:embed snapshot.xml
var snapshotXML []byte

// Snapshot returns the embedded day of rates, with SourceSnapshot.
func Snapshot() Table {
	t, err := ParseECB(snapshotXML)
	if err != nil {
		panic("rates: the embedded snapshot is broken: " + err.Error())
	}
	t.Source = SourceSnapshot
	return t
}
