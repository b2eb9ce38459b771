package notify

// Template names.
const (
	TemplateWelcome        = "welcome"
	TemplateServerReady    = "server_ready"
	TemplateReceipt        = "receipt"
	TemplatePaymentFailed  = "payment_failed"
	TemplateServerCanceled = "server_cancelled"
)

type builtinTemplate struct {
	subject string
	body    string
}

var builtin = map[string]builtinTemplate{
	TemplateWelcome: {
		subject: "Welcome to Nimbusrack",
		body:    `<p>Hi {{.Name}},</p><p>Your account is ready. Order your first server from the dashboard.</p>`,
	},
	TemplateServerReady: {
		subject: "Your server is ready",
		body:    `<p>{{.Hostname}} is up at {{.IPv4}}.</p><p>Log in with the SSH key you selected.</p>`,
	},
	TemplateReceipt: {
		subject: "Payment received",
		body:    `<p>We received {{.Amount}} for invoice {{.InvoiceID}}. Thank you.</p>`,
	},
	TemplatePaymentFailed: {
		subject: "Action needed: payment failed",
		body:    `<p>We could not charge {{.Amount}} ({{.Reason}}). We will try again on {{.NextRetry}}.</p><p>Please update your card.</p>`,
	},
	TemplateServerCanceled: {
		subject: "Server cancelled",
		body:    `<p>Server {{.ServerID}} has been cancelled and its data erased.</p>`,
	},
}
