package notify

import "text/template"

var templates = map[string]string{
	"reservation_confirmed": `{{.facility}}: your {{.size}} unit is reserved for {{.date}}. Confirmation {{.ref}}. Reply STOP to opt out.`,
	"move_in_welcome":       `Welcome to {{.facility}}! Unit {{.unit}} is yours. Your gate code is active within 15 minutes.`,
	"payment_receipt":       `{{.facility}}: we received your payment of {{.amount}}. Balance: {{.balance}}.`,
	"card_declined":         `{{.facility}}: your autopay card was declined for {{.amount}}. Update your card to avoid late fees.`,
	"past_due":              `{{.facility}}: your balance of {{.balance}} for unit {{.unit}} is past due. Pay online to keep gate access.`,
	"overlock_placed":       `{{.facility}}: unit {{.unit}} has been overlocked for a past-due balance of {{.balance}}. Pay in full to restore access.`,
	"overlock_released":     `{{.facility}}: the overlock on unit {{.unit}} has been removed. Thank you.`,
	"door_incident":         `[{{.facility}}] Unit {{.unit}} door opened while {{.state}} at {{.at}}. Incident {{.incident}}.`,
	"gate_suspended":        `{{.facility}}: gate access for unit {{.unit}} is suspended for a past-due balance of {{.balance}}. Pay at the office or online.`,
}

func parseTemplates() *template.Template {
	root := template.New("notices").Option("missingkey=zero")
	for name, body := range templates {
		template.Must(root.New(name).Parse(body))
	}
	return root
}
