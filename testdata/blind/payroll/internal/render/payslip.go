// Package render produces the HTML bodies of outgoing emails.
package render

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"

	"github.com/acme/payroll/internal/domain"
)

var payslipTmpl = template.Must(template.New("payslip").Parse(`<!doctype html>
<html><body style="font-family:sans-serif">
<p>Hi {{.Employee}},</p>
<p>Your payslip from {{.Company}} for {{.Period}} is ready.</p>
<table cellpadding="4">
<tr><td>Gross pay</td><td align="right">{{.Gross}}</td></tr>
<tr><td>Tax withheld</td><td align="right">{{.Tax}}</td></tr>
<tr><td><b>Net pay</b></td><td align="right"><b>{{.Net}}</b></td></tr>
</table>
<p>Paid on {{.PayDate}} &middot; reference {{.Reference}}</p>
</body></html>`))

func Money(cents int64, currency string) string {
	sign := ""
	if cents < 0 {
		sign = "-"
		cents = -cents
	}
	return fmt.Sprintf("%s%s %d.%02d", sign, strings.ToUpper(currency), cents/100, cents%100)
}

func PayslipSubject(c *domain.Company, run *domain.PayRun) string {
	return fmt.Sprintf("%s payslip – %s", c.Name, run.PayDate.Format("2 Jan 2006"))
}

func PayslipHTML(c *domain.Company, run *domain.PayRun, e *domain.Employee, s *domain.Payslip) string {
	var buf bytes.Buffer
	_ = payslipTmpl.Execute(&buf, map[string]string{
		"Employee":  e.FullName,
		"Company":   c.Name,
		"Period":    run.PeriodStart.Format("2 Jan") + " – " + run.PeriodEnd.Format("2 Jan 2006"),
		"Gross":     Money(s.GrossCents, run.Currency),
		"Tax":       Money(s.TaxCents, run.Currency),
		"Net":       Money(s.NetCents, run.Currency),
		"PayDate":   run.PayDate.Format("2 Jan 2006"),
		"Reference": run.Reference,
	})
	return buf.String()
}
