// Package xrelay is a mail relay's client, whose relay drops a repeated
// send by its Idempotency-Key: a send made with the builder's options
// must set it.
package xrelay

import (
	"context"
	"net/http"

	"missingkey/xreqopts"
)

type Mailer struct {
	base, token string
	http        *http.Client
}

type Email struct {
	To       string `json:"to"`
	Template string `json:"template"`
}

// Send sets only the bearer token: the relay cannot tell a repeat.
func (m *Mailer) Send(ctx context.Context, e Email) error {
	req, err := xreqopts.JSON(ctx, http.MethodPost, m.base, "/v3/send", e, xreqopts.Bearer(m.token))
	if err != nil {
		return err
	}
	var out struct{}
	return xreqopts.Do(m.http, req, &out) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Welcome\)`
}

// SendKeyed sets the key with the builder's option.
func (m *Mailer) SendKeyed(ctx context.Context, e Email, key string) error {
	req, err := xreqopts.JSON(ctx, http.MethodPost, m.base, "/v3/send", e, xreqopts.Bearer(m.token), xreqopts.IdempotencyKey(key))
	if err != nil {
		return err
	}
	var out struct{}
	return xreqopts.Do(m.http, req, &out)
}

// SendHeader sets the key with the option that sets any header.
func (m *Mailer) SendHeader(ctx context.Context, e Email, key string) error {
	req, err := xreqopts.JSON(ctx, http.MethodPost, m.base, "/v3/send", e, xreqopts.Header("Idempotency-Key", key))
	if err != nil {
		return err
	}
	var out struct{}
	return xreqopts.Do(m.http, req, &out)
}

// SendNamed sets a header its caller names: which, the analysis does
// not know.
func (m *Mailer) SendNamed(ctx context.Context, e Email, name, value string) error {
	req, err := xreqopts.JSON(ctx, http.MethodPost, m.base, "/v3/send", e, xreqopts.Header(name, value))
	if err != nil {
		return err
	}
	var out struct{}
	return xreqopts.Do(m.http, req, &out)
}

type Handler struct{ mail *Mailer }

func (h *Handler) Welcome(w http.ResponseWriter, r *http.Request) {
	to := r.URL.Query().Get("to")
	_ = h.mail.Send(r.Context(), Email{To: to, Template: "welcome"})
	_ = h.mail.SendKeyed(r.Context(), Email{To: to, Template: "welcome"}, r.Header.Get("Idempotency-Key"))
	_ = h.mail.SendHeader(r.Context(), Email{To: to, Template: "welcome"}, r.Header.Get("Idempotency-Key"))
	_ = h.mail.SendNamed(r.Context(), Email{To: to, Template: "welcome"}, r.Header.Get("X-Name"), "v")
}
