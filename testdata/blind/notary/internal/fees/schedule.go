package fees

import "fmt"

// feeRule computes the statutory maximum fee for one notarial act plus the
// platform's technology fee for a state.
type feeRule struct {
	perActCents   int64
	techFeeCents  int64
	maxActsPerDoc int
}

// schedule is keyed by jurisdiction. Values follow each state's RON fee
// statute; the tech fee is what the state allows us to add on top.
var schedule = map[string]feeRule{
	"AZ": {perActCents: 1000, techFeeCents: 1500, maxActsPerDoc: 2},
	"FL": {perActCents: 2500, techFeeCents: 0, maxActsPerDoc: 2},
	"MN": {perActCents: 2500, techFeeCents: 0, maxActsPerDoc: 1},
	"NV": {perActCents: 2500, techFeeCents: 1000, maxActsPerDoc: 2},
	"TX": {perActCents: 2500, techFeeCents: 0, maxActsPerDoc: 2},
	"VA": {perActCents: 2500, techFeeCents: 0, maxActsPerDoc: 1},
	"WA": {perActCents: 1500, techFeeCents: 1000, maxActsPerDoc: 2},
}

// Quote returns the total fee in cents for a session.
func Quote(jurisdiction string, documents int) (int64, error) {
	rule, ok := schedule[jurisdiction]
	if !ok {
		return 0, fmt.Errorf("no fee schedule for %s", jurisdiction)
	}
	return int64(documents)*rule.perActCents + rule.techFeeCents, nil
}
