// Package notices sends members the e-mails their requests ask for.
package notices

import (
	"context"
	"errors"
	"net/http"

	"example.com/wiredprev/mail"
	"example.com/wiredprev/texts"
)

// Mailer sends e-mail.
type Mailer interface {
	Send(ctx context.Context, m mail.Message) error
	Notify(ctx context.Context, m mail.Message) error
	Digest(ctx context.Context, m mail.Message) error
}

// Texter sends texts.
type Texter interface {
	Send(ctx context.Context, m texts.Message) error
	SendBatch(ctx context.Context, b texts.Batch) error
	Greet(ctx context.Context, m texts.Message) error
	GreetWith(ctx context.Context, m texts.Message, opts ...texts.Option) error
}

// Handler serves the notices' endpoints.
type Handler struct {
	Mail  Mailer
	Texts Texter
}

// Welcome e-mails the member with no key: a retry sends it again.
func (h *Handler) Welcome(w http.ResponseWriter, r *http.Request) {
	if err := h.Mail.Send(r.Context(), mail.Message{To: r.FormValue("to"), Subject: "Welcome"}); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// WelcomeKeyed e-mails the member under the request's key.
func (h *Handler) WelcomeKeyed(w http.ResponseWriter, r *http.Request) {
	m := mail.Message{To: r.FormValue("to"), Subject: "Welcome", IdempotencyKey: r.Header.Get("Idempotency-Key")}
	if err := h.Mail.Send(r.Context(), m); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Reminder notifies the member, with no key: a retry sends it again.
func (h *Handler) Reminder(w http.ResponseWriter, r *http.Request) {
	if err := h.Mail.Notify(r.Context(), mail.Message{To: r.FormValue("to"), Subject: "Reminder"}); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Digest sends the member's digest, with no key: a retry sends it again.
func (h *Handler) Digest(w http.ResponseWriter, r *http.Request) {
	if err := h.Mail.Digest(r.Context(), mail.Message{To: r.FormValue("to")}); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Text texts the member with no reference: a retry sends it again.
func (h *Handler) Text(w http.ResponseWriter, r *http.Request) {
	if err := h.Texts.Send(r.Context(), texts.Message{To: r.FormValue("to"), Body: "Hello"}); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// TextKeyed texts the member under the request's key.
func (h *Handler) TextKeyed(w http.ResponseWriter, r *http.Request) {
	if err := h.Texts.Send(r.Context(), texts.Message{To: r.FormValue("to"), Body: "Hello", Reference: r.Header.Get("Idempotency-Key")}); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// TextBuilt texts the member a message a helper builds, with no
// reference: a retry sends it again.
func (h *Handler) TextBuilt(w http.ResponseWriter, r *http.Request) {
	m, err := greeting(r.FormValue("to"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := h.Texts.Greet(r.Context(), m); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// greeting is the text that greets a member, or why there is none.
func greeting(to string) (texts.Message, error) {
	if to == "" {
		return texts.Message{}, errors.New("no recipient")
	}
	return texts.Message{To: to, Body: "Hello"}, nil
}

// Broadcast texts everyone, with no request ID: a retry sends it again.
func (h *Handler) Broadcast(w http.ResponseWriter, r *http.Request) {
	if err := h.Texts.SendBatch(r.Context(), texts.Batch{To: r.Form["to"], Body: "News"}); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// TextBuiltKeyed texts the member the message a helper builds, with the
// request's key as its reference by an option: the helper's literal
// leaves it empty, the option fills it.
func (h *Handler) TextBuiltKeyed(w http.ResponseWriter, r *http.Request) {
	m, err := greeting(r.FormValue("to"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := h.Texts.GreetWith(r.Context(), m, texts.WithReference(r.Header.Get("Idempotency-Key"))); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}
