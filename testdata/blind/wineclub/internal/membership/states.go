package membership

import "strings"

// shippable lists the states where the winery holds a direct shipper permit.
var shippable = map[string]bool{
	"AK": true, "AZ": true, "CA": true, "CO": true, "CT": true, "DC": true,
	"FL": true, "GA": true, "HI": true, "ID": true, "IL": true, "IN": true,
	"IA": true, "KS": true, "LA": true, "ME": true, "MD": true, "MA": true,
	"MI": true, "MN": true, "MO": true, "MT": true, "NE": true, "NV": true,
	"NH": true, "NJ": true, "NM": true, "NY": true, "NC": true, "ND": true,
	"OH": true, "OR": true, "PA": true, "SC": true, "SD": true, "TN": true,
	"TX": true, "VT": true, "VA": true, "WA": true, "WV": true, "WI": true,
	"WY": true,
}

// ShipsTo reports whether wine can be shipped to the state.
func ShipsTo(state string) bool {
	return shippable[strings.ToUpper(strings.TrimSpace(state))]
}

// ReportingStates lists states that require a monthly shipment report.
func ReportingStates() []string {
	out := make([]string, 0, len(shippable))
	for s := range shippable {
		out = append(out, s)
	}
	return out
}
