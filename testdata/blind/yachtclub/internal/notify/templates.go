package notify

import (
	"bytes"
	"fmt"
	"html/template"
)

// Templates used across the services. Kept small and inline; the office
// edits copy through pull requests.
var templates = template.Must(template.New("root").Funcs(template.FuncMap{
	"money": func(cents int64) string {
		sign := ""
		if cents < 0 {
			sign, cents = "-", -cents
		}
		return fmt.Sprintf("%s$%d.%02d", sign, cents/100, cents%100)
	},
}).Parse(`
{{define "welcome"}}<p>Welcome aboard, {{.Name}}!</p><p>Your member number is {{.MemberNumber}}. Your house account is open and dues for {{.Year}} will be invoiced separately.</p>{{end}}
{{define "statement"}}<p>Dear {{.Name}},</p><p>Your statement for {{.Period}} is ready. Opening balance {{money .Opening}}, charges {{money .Charges}}, payments {{money .Payments}}, closing balance <strong>{{money .Closing}}</strong>.</p><table>{{range .Lines}}<tr><td>{{.Date.Format "Jan 2"}}</td><td>{{.Description}}</td><td>{{money .AmountCents}}</td></tr>{{end}}</table>{{end}}
{{define "guest_confirmation"}}<p>Hello {{.GuestName}},</p><p>Your guest berth is confirmed: {{.Nights}} night(s) from {{.ArriveOn.Format "Mon Jan 2"}}. Booking reference <strong>{{.Reference}}</strong>. Please call the dockmaster on VHF 68 on approach.</p>{{end}}
`))

// Render executes a named template with data.
func Render(name string, data any) (string, error) {
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, name, data); err != nil {
		return "", fmt.Errorf("render %s: %w", name, err)
	}
	return buf.String(), nil
}
