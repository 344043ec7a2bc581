package rates

import _ "embed"

// snapshotXML is a day of demo rates in the layout of the ECB's daily feed,
// kept in the binary so that `knitfront dev` serves rates offline from an
// empty database. Its figures are of the scale the ECB published in late
// 2026, not a copy of its record, so they are served with the source demo
// and never passed off as published rates.
//
//go:embed snapshot.xml
var snapshotXML []byte

// Snapshot returns the embedded day of demo rates, with SourceDemo.
func Snapshot() Table {
	t, err := ParseECB(snapshotXML)
	if err != nil {
		panic("rates: the embedded snapshot is broken: " + err.Error())
	}
	t.Source = SourceDemo
	return t
}
