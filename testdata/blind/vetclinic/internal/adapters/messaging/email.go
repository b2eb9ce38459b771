package messaging

import (
	"context"
	"net/http"

	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/httpx"
)

type EmailConfig struct {
	BaseURL string
	APIKey  string
	From    string
}

// MailRelay is the transactional e-mail client.
type MailRelay struct {
	http *httpx.Client
	from string
}

func NewMailRelay(cfg EmailConfig) *MailRelay {
	return &MailRelay{
		http: httpx.New(cfg.BaseURL, httpx.HeaderAuth("X-Server-Token", cfg.APIKey)),
		from: cfg.From,
	}
}

type emailBody struct {
	From     string   `json:"From"`
	To       string   `json:"To"`
	Subject  string   `json:"Subject"`
	HTMLBody string   `json:"HtmlBody,omitempty"`
	TextBody string   `json:"TextBody,omitempty"`
	ReplyTo  string   `json:"ReplyTo,omitempty"`
	Tag      string   `json:"Tag,omitempty"`
	Metadata []string `json:"-"`
}

type emailResp struct {
	MessageID string `json:"MessageID"`
	ErrorCode int    `json:"ErrorCode"`
	Message   string `json:"Message"`
}

func (m *MailRelay) Send(ctx context.Context, e ports.Email) (string, error) {
	const op errs.Op = "mailrelay.Send"
	body := emailBody{
		From:     m.from,
		To:       e.To,
		Subject:  e.Subject,
		HTMLBody: e.HTML,
		TextBody: e.Text,
		ReplyTo:  e.ReplyTo,
	}
	if len(e.Tags) > 0 {
		body.Tag = e.Tags[0]
	}
	var out emailResp
	if err := m.http.Do(ctx, op, httpx.Request{Method: http.MethodPost, Path: "/email", Body: body}, &out); err != nil {
		return "", err
	}
	if out.ErrorCode != 0 {
		return "", errs.Errorf(op, errs.Invalid, "mailrelay error %d: %s", out.ErrorCode, out.Message)
	}
	return out.MessageID, nil
}
