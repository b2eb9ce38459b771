package notify

import (
	"bytes"
	"fmt"
	"text/template"
)

// Template names.
const (
	TplEMDIssued       = "emd_issued"
	TplScheduleChange  = "schedule_change"
	TplLoungeReminder  = "lounge_reminder"
	TplResendReceipt   = "resend_receipt"
	TplFlightCancelled = "flight_cancelled"
)

type tpl struct {
	subject *template.Template
	body    *template.Template
}

var templates = map[string]tpl{
	TplEMDIssued: mustTpl(
		"Your {{.Product}} for {{.PNR}} is confirmed",
		"Hello,\n\nYour {{.Product}} ({{.Description}}) on flight {{.FlightID}} is confirmed.\n"+
			"Document number: {{.EMDNumber}}\nAmount: {{.Amount}}\n\nSkyway Air"),
	TplScheduleChange: mustTpl(
		"Schedule change for booking {{.PNR}}",
		"Hello,\n\nFlight {{.FlightID}} has a new schedule: departure {{.Departure}}.\n"+
			"Your {{.Product}} ({{.Description}}) has been carried over. If the new time does not suit you,\n"+
			"you can cancel it for a full refund from Manage Booking.\n\nSkyway Air"),
	TplLoungeReminder: mustTpl(
		"",
		"Skyway: your lounge pass {{.Code}} for {{.Lounge}} is valid tomorrow. Show this code at the desk."),
	TplResendReceipt: mustTpl(
		"",
		"Skyway: {{.Product}} for booking {{.PNR}} confirmed. Ref {{.EMDNumber}}."),
	TplFlightCancelled: mustTpl(
		"",
		"Skyway: flight {{.FlightID}} is cancelled. Extras you bought for it will be refunded automatically."),
}

func mustTpl(subject, body string) tpl {
	return tpl{
		subject: template.Must(template.New("s").Parse(subject)),
		body:    template.Must(template.New("b").Parse(body)),
	}
}

// Render renders the named template with data.
func Render(name string, data any) (subject, body string, err error) {
	t, ok := templates[name]
	if !ok {
		return "", "", fmt.Errorf("notify: unknown template %q", name)
	}
	var s, b bytes.Buffer
	if err := t.subject.Execute(&s, data); err != nil {
		return "", "", err
	}
	if err := t.body.Execute(&b, data); err != nil {
		return "", "", err
	}
	return s.String(), b.String(), nil
}

// FormatAmount formats minor units for display.
func FormatAmount(minor int64, currency string) string {
	return fmt.Sprintf("%d.%02d %s", minor/100, minor%100, currency)
}
