// Package notify sends SMS notices to recipients through the SMS gateway.
// The gateway has no request deduplication: every accepted POST is a text.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"text/template"
	"time"

	"github.com/sendhome/remit/internal/config"
)

// Sender delivers one SMS and returns the gateway's message ID.
type Sender interface {
	Send(ctx context.Context, to, body string) (string, error)
}

type gateway struct {
	base   string
	apiKey string
	from   string
	http   *http.Client
}

func NewGateway(cfg *config.Config) Sender {
	return &gateway{
		base:   cfg.SMSURL,
		apiKey: cfg.SMSAPIKey,
		from:   cfg.SMSSender,
		http:   &http.Client{Timeout: 10 * time.Second},
	}
}

func (g *gateway) Send(ctx context.Context, to, body string) (string, error) {
	payload, _ := json.Marshal(map[string]string{"from": g.from, "to": to, "text": body})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.base+"/messages", bytes.NewReader(payload))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Api-Key", g.apiKey)
	resp, err := g.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("sms: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("sms: status %d: %s", resp.StatusCode, bytes.TrimSpace(raw))
	}
	var out struct {
		MessageID string `json:"message_id"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("sms: decode: %w", err)
	}
	return out.MessageID, nil
}

// Logged decorates a Sender with masked-number logging.
func Logged(s Sender, log *slog.Logger) Sender {
	return &loggedSender{next: s, log: log}
}

type loggedSender struct {
	next Sender
	log  *slog.Logger
}

func (l *loggedSender) Send(ctx context.Context, to, body string) (string, error) {
	id, err := l.next.Send(ctx, to, body)
	if err != nil {
		l.log.Warn("sms failed", "to", mask(to), "err", err)
		return "", err
	}
	l.log.Info("sms sent", "to", mask(to), "message_id", id, "chars", len(body))
	return id, nil
}

func mask(msisdn string) string {
	if len(msisdn) <= 4 {
		return "****"
	}
	return strings.Repeat("*", len(msisdn)-4) + msisdn[len(msisdn)-4:]
}

// Templates used for recipient notices.
const (
	TplPayoutCompleted = "payout_completed"
	TplPickupReady     = "pickup_ready"
)

var templates = template.Must(template.New("sms").Parse(`
{{define "payout_completed"}}{{.Sender}} sent you {{.Amount}}. The money is now in your {{.Destination}}. Ref {{.Ref}}{{end}}
{{define "pickup_ready"}}{{.Sender}} sent you {{.Amount}}. Collect at any SendHome agent with code {{.Code}} and your ID. Ref {{.Ref}}{{end}}
`))

// Render fills a named template.
func Render(name string, data map[string]string) (string, error) {
	var b strings.Builder
	if err := templates.ExecuteTemplate(&b, name, data); err != nil {
		return "", err
	}
	return strings.TrimSpace(b.String()), nil
}
