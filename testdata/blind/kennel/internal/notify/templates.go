package notify

import (
	"fmt"
	"strings"
	"text/template"
)

// Template names.
const (
	TplReservationConfirmed = "reservation_confirmed"
	TplReservationCancelled = "reservation_cancelled"
	TplDepositFailed        = "deposit_failed"
	TplCheckedIn            = "checked_in"
	TplCheckedOut           = "checked_out"
	TplStayReminder         = "stay_reminder"
	TplVaccineVerified      = "vaccine_verified"
	TplVaccineRejected      = "vaccine_rejected"
	TplStaffUpdate          = "staff_update"
)

var templates = template.Must(template.New("sms").Parse(`
{{define "reservation_confirmed"}}Paws & Stay: {{.Dog}}'s stay at {{.Location}} ({{.CheckIn}} to {{.CheckOut}}) is confirmed. Reply STOP to opt out.{{end}}
{{define "reservation_cancelled"}}Paws & Stay: {{.Dog}}'s stay starting {{.CheckIn}} was cancelled.{{if .Refund}} A refund of {{.Refund}} is on its way.{{end}}{{end}}
{{define "deposit_failed"}}Paws & Stay: we couldn't charge the deposit for {{.Dog}}'s stay. Please update your card in the app to keep the booking.{{end}}
{{define "checked_in"}}Paws & Stay: {{.Dog}} is checked in at {{.Location}}. We'll send updates during the stay!{{end}}
{{define "checked_out"}}Paws & Stay: {{.Dog}} is checked out. Total charged: {{.Total}}. You earned {{.Points}} loyalty points.{{end}}
{{define "stay_reminder"}}Paws & Stay: reminder, {{.Dog}} checks in tomorrow at {{.Location}}. Please bring food for the stay.{{end}}
{{define "vaccine_verified"}}Paws & Stay: {{.Dog}}'s {{.Vaccine}} record is verified.{{end}}
{{define "vaccine_rejected"}}Paws & Stay: we couldn't verify {{.Dog}}'s {{.Vaccine}} record ({{.Reason}}). Please upload a new certificate.{{end}}
`))

// Render fills the named template.
func Render(name string, vars map[string]any) (string, error) {
	var b strings.Builder
	if err := templates.ExecuteTemplate(&b, name, vars); err != nil {
		return "", fmt.Errorf("render %s: %w", name, err)
	}
	return strings.TrimSpace(b.String()), nil
}

// Money formats cents for texts.
func Money(cents int64) string {
	return fmt.Sprintf("$%d.%02d", cents/100, cents%100)
}
