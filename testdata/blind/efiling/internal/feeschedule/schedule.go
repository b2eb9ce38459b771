// Package feeschedule holds the statutory court filing fees we collect and
// our per-envelope service fee. The gateway's fee ledger is authoritative;
// this table is what we authorize up front.
package feeschedule

// Table maps court code -> filing code -> fee in cents.
type Table struct {
	fees       map[string]map[string]int64
	serviceFee map[string]int64
	defaultSvc int64
}

// Default returns the fee table shipped with the service.
func Default() *Table {
	return &Table{
		fees: map[string]map[string]int64{
			"TX-HARRIS-DC": {
				"PET-CIV":  35000,
				"ANS":      0,
				"MOT":      3000,
				"MSJ":      3000,
				"NOA":      0,
				"SUBP":     800,
				"CITATION": 800,
			},
			"TX-DALLAS-CC": {
				"PET-CIV": 30000,
				"ANS":     0,
				"MOT":     2500,
			},
			"IL-COOK-CC": {
				"COMPLAINT":  33700,
				"APPEARANCE": 23100,
				"MOT":        6000,
			},
		},
		serviceFee: map[string]int64{
			"IL-COOK-CC": 350,
		},
		defaultSvc: 295,
	}
}

// CourtFee returns the statutory fee for a filing code.
func (t *Table) CourtFee(court, code string) (int64, bool) {
	c, ok := t.fees[court]
	if !ok {
		return 0, false
	}
	fee, ok := c[code]
	return fee, ok
}

// ServiceFee returns our envelope fee for a court.
func (t *Table) ServiceFee(court string) int64 {
	if f, ok := t.serviceFee[court]; ok {
		return f
	}
	return t.defaultSvc
}
