// Package mailgun is a stub of github.com/mailgun/mailgun-go
// v2.0.0+incompatible for analysistest: Send posts the message through
// the library's own HTTP helper.
package mailgun

import "net/http"

type Message struct{ to string }

type Mailgun interface {
	NewMessage(from, subject, text string, to ...string) *Message
	Send(m *Message) (string, string, error)
}

type MailgunImpl struct{ domain string }

func NewMailgun(domain, apiKey string) *MailgunImpl { return &MailgunImpl{domain: domain} }

func (m *MailgunImpl) NewMessage(from, subject, text string, to ...string) *Message {
	return &Message{}
}

func (m *MailgunImpl) Send(msg *Message) (string, string, error) {
	resp, err := http.Post("https://api.mailgun.net/v3/"+m.domain+"/messages", "multipart/form-data", nil)
	if err != nil {
		return "", "", err
	}
	resp.Body.Close()
	return "", "", nil
}
