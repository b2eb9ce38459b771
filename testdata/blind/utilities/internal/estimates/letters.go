package estimates

import (
	"fmt"

	"github.com/google/uuid"

	"github.com/gridwell/utilities/internal/domain"
	"github.com/gridwell/utilities/internal/providers/printpartner"
)

type letterOption func(*printpartner.Letter)

func withPostClass(class string) letterOption {
	return func(l *printpartner.Letter) { l.PostClass = class }
}

// newEstimateLetter renders the estimated-reading notice for the print
// partner.
func newEstimateLetter(acct *domain.Account, meter *domain.Meter, in LetterInput, opts ...letterOption) printpartner.Letter {
	l := printpartner.Letter{
		LetterRef: "EST-" + uuid.NewString(),
		Template:  "estimated-reading",
		Recipient: printpartner.Recipient{Name: acct.CustomerName, Address: acct.PostalAddress},
		MergeVars: map[string]string{
			"meter_serial": meter.Serial,
			"period":       in.PeriodStart.Format("2 Jan") + " - " + in.PeriodEnd.Format("2 Jan 2006"),
			"estimate":     fmt.Sprintf("%.1f %s", in.Value, in.Unit),
			"utility":      string(meter.Utility),
		},
	}
	for _, o := range opts {
		o(&l)
	}
	return l
}
