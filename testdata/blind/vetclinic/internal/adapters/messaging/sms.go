// Package messaging holds the SMS and e-mail provider clients and the
// decorators applied to them.
//
// TextWave (SMS) de-duplicates on the client_ref body field for 48 hours: a
// second send with a client_ref it has accepted returns the first message.
// MailRelay (e-mail) has no de-duplication; every accepted call is a send.
package messaging

import (
	"context"
	"net/http"

	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/httpx"
)

type SMSConfig struct {
	BaseURL  string
	APIKey   string
	SenderID string
}

// TextWave is the SMS provider client.
type TextWave struct {
	http     *httpx.Client
	senderID string
}

func NewTextWave(cfg SMSConfig) *TextWave {
	return &TextWave{
		http:     httpx.New(cfg.BaseURL, httpx.BearerAuth(cfg.APIKey)),
		senderID: cfg.SenderID,
	}
}

type smsBody struct {
	From      string   `json:"from"`
	To        string   `json:"to"`
	Text      string   `json:"text"`
	ClientRef string   `json:"client_ref,omitempty"`
	Tags      []string `json:"tags,omitempty"`
}

type smsResp struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

func (t *TextWave) Send(ctx context.Context, m ports.SMS) (ports.SMSReceipt, error) {
	const op errs.Op = "textwave.Send"
	var out smsResp
	err := t.http.Do(ctx, op, httpx.Request{
		Method: http.MethodPost,
		Path:   "/messages",
		Body: smsBody{
			From:      t.senderID,
			To:        m.To,
			Text:      m.Body,
			ClientRef: m.ClientRef,
			Tags:      m.Tags,
		},
	}, &out)
	if err != nil {
		return ports.SMSReceipt{}, err
	}
	return ports.SMSReceipt{MessageID: out.MessageID, Status: out.Status}, nil
}
