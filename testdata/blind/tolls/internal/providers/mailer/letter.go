// Package mailer is the client for the print-and-mail partner. POST
// /letters honours the optional `reference` body field as a deduplication
// key: a second letter with a reference the partner has already accepted is
// answered with the original letter and is not printed again.
package mailer

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rs/xid"
)

// Address is a postal address.
type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"address_line1"`
	Line2      string `json:"address_line2,omitempty"`
	City       string `json:"address_city"`
	Region     string `json:"address_state"`
	PostalCode string `json:"address_zip"`
	Country    string `json:"address_country"`
}

// Mail classes.
const (
	FirstClass = "usps_first_class"
	Certified  = "usps_certified"
)

// Letter is the body of POST /letters.
type Letter struct {
	Reference      string            `json:"reference,omitempty"`
	Template       string            `json:"template_id"`
	To             Address           `json:"to"`
	From           Address           `json:"from"`
	MergeVariables map[string]string `json:"merge_variables,omitempty"`
	MailClass      string            `json:"mail_type"`
	Color          bool              `json:"color"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

// LetterBuilder assembles a Letter.
type LetterBuilder struct {
	l    Letter
	errs []string
}

// NewLetter starts a first-class letter from template.
func NewLetter(template string) *LetterBuilder {
	return &LetterBuilder{l: Letter{
		Template:       template,
		MailClass:      FirstClass,
		MergeVariables: map[string]string{},
		Metadata:       map[string]string{},
		To:             Address{Country: "US"},
	}}
}

// To sets the recipient.
func (b *LetterBuilder) To(a Address) *LetterBuilder {
	if a.Country == "" {
		a.Country = "US"
	}
	if strings.TrimSpace(a.Line1) == "" || strings.TrimSpace(a.PostalCode) == "" {
		b.errs = append(b.errs, "recipient address incomplete")
	}
	b.l.To = a
	return b
}

// From sets the return address.
func (b *LetterBuilder) From(a Address) *LetterBuilder {
	b.l.From = a
	return b
}

// Var sets a template merge variable.
func (b *LetterBuilder) Var(k, v string) *LetterBuilder {
	b.l.MergeVariables[k] = v
	return b
}

// Meta attaches metadata returned in status callbacks.
func (b *LetterBuilder) Meta(k, v string) *LetterBuilder {
	b.l.Metadata[k] = v
	return b
}

// Certified sends the letter by certified mail.
func (b *LetterBuilder) Certified() *LetterBuilder {
	b.l.MailClass = Certified
	return b
}

// Reference sets the partner deduplication reference.
func (b *LetterBuilder) Reference(ref string) *LetterBuilder {
	b.l.Reference = ref
	return b
}

// Tracked gives the letter a reference so that delivery callbacks from the
// partner can be matched back to it.
func (b *LetterBuilder) Tracked() *LetterBuilder {
	if b.l.Reference == "" {
		b.l.Reference = "ltr_" + xid.New().String()
	}
	return b
}

// Build validates and returns the letter.
func (b *LetterBuilder) Build() (Letter, error) {
	if b.l.Template == "" {
		b.errs = append(b.errs, "template required")
	}
	if len(b.errs) > 0 {
		return Letter{}, fmt.Errorf("mailer: %w: %s", ErrInvalidLetter, strings.Join(b.errs, "; "))
	}
	return b.l, nil
}

// ErrInvalidLetter is returned by Build for an incomplete letter.
var ErrInvalidLetter = errors.New("invalid letter")
