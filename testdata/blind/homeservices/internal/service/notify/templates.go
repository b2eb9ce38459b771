package notify

import (
	"bytes"
	"fmt"
	"text/template"
	"time"
)

// Template names.
const (
	TplDispatchOffer  = "dispatch_offer"
	TplJobAssigned    = "job_assigned"
	TplStatusUpdate   = "status_update"
	TplReminder       = "appointment_reminder"
	TplRescheduled    = "rescheduled"
	TplETA            = "eta"
	TplInvoice        = "invoice"
	TplWarrantyUpdate = "warranty_update"
)

var templates = template.Must(template.New("sms").Funcs(template.FuncMap{
	"clock": func(t time.Time) string { return t.Format("Mon Jan 2 3:04PM") },
	"money": func(cents int64) string { return fmt.Sprintf("$%d.%02d", cents/100, cents%100) },
}).Parse(`
{{define "dispatch_offer"}}New {{.Trade}} job near {{.Area}}: {{.Title}}. Reply YES {{.Code}} to take it.{{end}}
{{define "job_assigned"}}{{.TechName}} will handle "{{.Title}}". They'll arrive {{clock .StartsAt}}.{{end}}
{{define "status_update"}}Update on "{{.Title}}": {{.Status}}.{{end}}
{{define "appointment_reminder"}}Reminder: {{.Title}} visit {{clock .StartsAt}} at {{.Address}}.{{end}}
{{define "rescheduled"}}"{{.Title}}" moved to {{clock .StartsAt}}.{{end}}
{{define "eta"}}{{.TechName}} is about {{.Minutes}} min away.{{end}}
{{define "invoice"}}Your invoice for "{{.Title}}" is {{money .Amount}}. Thanks for using Tradeloop!{{end}}
{{define "warranty_update"}}Your warranty claim for "{{.Title}}" was {{.Outcome}}.{{end}}
`))

// Render executes a named template.
func Render(name string, data any) (string, error) {
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, name, data); err != nil {
		return "", fmt.Errorf("notify: render %s: %w", name, err)
	}
	return buf.String(), nil
}
