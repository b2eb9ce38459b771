package service

import (
	"bytes"
	"fmt"
	"text/template"

	"github.com/trustwell/settlements/internal/domain"
	"github.com/trustwell/settlements/internal/money"
)

// statementRenderer renders claimant-facing statements from text templates.
type statementRenderer struct {
	bank string
	tpl  *template.Template
}

const statementTemplates = `
{{define "distribution"}}Dear {{.Claimant.FullName}},

The settlement in {{.Settlement.Caption}} (matter {{.Settlement.MatterNumber}}) has been approved
for distribution. Your share is calculated as follows:

  Gross share ............ {{.A.GrossShareCents}}
  Attorney fees .......... -{{.A.FeeCents}}
  Case costs ............. -{{.A.CostCents}}
  Liens .................. -{{.A.LienCents}}
  Common-benefit holdback  -{{.A.HoldbackCents}}
  Net to you ............. {{.A.NetCents}}

Your net share will be sent by direct deposit from {{.Bank}}.
{{end}}
{{define "returned"}}Dear {{.Claimant.FullName}},

Your settlement payment of {{.Amount}} was returned by your bank (reason code {{.Code}}).
Please sign in to the claimant portal and confirm your bank details so we can send it again.
{{end}}
{{define "final"}}Dear {{.Claimant.FullName}},

All funds in {{.Settlement.Caption}} (matter {{.Settlement.MatterNumber}}) have now been
distributed and the trust account for this matter is closed. Net paid to you: {{.A.NetCents}}.
Please keep this statement for your records.
{{end}}`

func newStatementRenderer(bank string) statementRenderer {
	return statementRenderer{
		bank: bank,
		tpl:  template.Must(template.New("statements").Parse(statementTemplates)),
	}
}

func (r statementRenderer) exec(name string, data any) string {
	var buf bytes.Buffer
	if err := r.tpl.ExecuteTemplate(&buf, name, data); err != nil {
		// Templates are static; a failure here is a programming error.
		panic(fmt.Sprintf("render %s: %v", name, err))
	}
	return buf.String()
}

func (r statementRenderer) distribution(st *domain.Settlement, c *domain.Claimant, a *domain.Allocation) (string, string) {
	body := r.exec("distribution", map[string]any{"Settlement": st, "Claimant": c, "A": a, "Bank": r.bank})
	return "Your settlement distribution statement — " + st.MatterNumber, body
}

func (r statementRenderer) returned(c *domain.Claimant, amt money.Cents, code string) (string, string) {
	body := r.exec("returned", map[string]any{"Claimant": c, "Amount": amt, "Code": code})
	return "Action needed: your settlement payment was returned", body
}

func (r statementRenderer) final(st *domain.Settlement, c *domain.Claimant, a *domain.Allocation) (string, string) {
	body := r.exec("final", map[string]any{"Settlement": st, "Claimant": c, "A": a})
	return "Final distribution statement — " + st.MatterNumber, body
}
