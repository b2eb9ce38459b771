// Package sms sends text messages through Twilio's Messages API.
package sms

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"go.uber.org/fx"

	"github.com/spokechain/courierpay/internal/config"
)

// Sender sends one SMS and returns the provider's message SID.
type Sender interface {
	Send(ctx context.Context, to, body string) (string, error)
}

type twilio struct {
	http    *http.Client
	baseURL string
	sid     string
	token   string
	from    string
	log     *slog.Logger
}

// New returns a Twilio-backed Sender.
func New(cfg config.Config, log *slog.Logger) Sender {
	return &twilio{
		http:    &http.Client{Timeout: 10 * time.Second},
		baseURL: strings.TrimRight(cfg.TwilioBaseURL, "/"),
		sid:     cfg.TwilioAccountSID,
		token:   cfg.TwilioAuthToken,
		from:    cfg.TwilioFromNumber,
		log:     log.With("provider", "twilio"),
	}
}

type messageResponse struct {
	SID          string `json:"sid"`
	Status       string `json:"status"`
	ErrorCode    *int   `json:"error_code"`
	ErrorMessage string `json:"message"`
}

func (t *twilio) Send(ctx context.Context, to, body string) (string, error) {
	form := url.Values{}
	form.Set("To", to)
	form.Set("From", t.from)
	form.Set("Body", body)
	endpoint := fmt.Sprintf("%s/2010-04-01/Accounts/%s/Messages.json", t.baseURL, t.sid)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(t.sid, t.token)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := t.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("sms: send: %w", err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	var mr messageResponse
	_ = json.Unmarshal(data, &mr)
	if resp.StatusCode/100 != 2 {
		return "", fmt.Errorf("sms: twilio %d: %s", resp.StatusCode, mr.ErrorMessage)
	}
	t.log.Info("sms queued", "sid", mr.SID, "status", mr.Status)
	return mr.SID, nil
}

// Module provides the SMS sender.
var Module = fx.Module("sms", fx.Provide(New))
