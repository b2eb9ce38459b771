package notices

import (
	"bytes"
	"text/template"
	"time"
)

// adverseActionData fills the ECOA / FCRA adverse action notice.
type adverseActionData struct {
	FirstName     string
	LastName      string
	ApplicationID string
	DecidedOn     string
	Reasons       []string
	UsedCredit    bool
	BureauName    string
	BureauAddress string
	BureauPhone   string
	LenderName    string
	LenderAddress string
}

const adverseActionText = `Dear {{.FirstName}} {{.LastName}},

Thank you for applying for a Refund Advance. After reviewing your application
(reference {{.ApplicationID}}) on {{.DecidedOn}}, we are unable to approve it
for the following reason(s):
{{range .Reasons}}
  - {{.}}{{end}}
{{if .UsedCredit}}
Our decision was based in whole or in part on information obtained in a report
from the consumer reporting agency listed below. You have a right under the
Fair Credit Reporting Act to know the information contained in your credit
file. The reporting agency played no part in our decision and is unable to
supply specific reasons why we have denied credit to you. You have a right to
a free copy of your report if you request it within 60 days of this notice.

  {{.BureauName}}, {{.BureauAddress}}, {{.BureauPhone}}
{{end}}
The federal Equal Credit Opportunity Act prohibits creditors from
discriminating against credit applicants on the basis of race, color, religion,
national origin, sex, marital status, age (provided the applicant has the
capacity to enter into a binding contract); because all or part of the
applicant's income derives from any public assistance program; or because the
applicant has in good faith exercised any right under the Consumer Credit
Protection Act.

{{.LenderName}}
{{.LenderAddress}}
`

var adverseText = template.Must(template.New("adverse_action").Parse(adverseActionText))

func renderAdverseAction(d adverseActionData) (string, error) {
	var b bytes.Buffer
	if err := adverseText.Execute(&b, d); err != nil {
		return "", err
	}
	return b.String(), nil
}

func formatDate(t time.Time) string { return t.Format("January 2, 2006") }
