// Package notify builds and sends operational text messages to hospitals
// and donors.
package notify

import (
	"context"
	"fmt"
	"strings"

	"github.com/hemolink-systems/bloodbank/internal/platform/ids"
	"github.com/hemolink-systems/bloodbank/internal/providers/sms"
)

// Outbound is a message ready to hand to the gateway.
type Outbound struct {
	To   string
	Body string
	// Ref is passed to the gateway as client_ref and shows up in delivery
	// receipts, so support can trace a message back to us.
	Ref string
}

// NewOutbound returns a message with a tracking reference.
func NewOutbound(to, body string) Outbound {
	return Outbound{To: normalizeMSISDN(to), Body: body, Ref: ids.NewString()}
}

// WithRef replaces the tracking reference.
func (o Outbound) WithRef(ref string) Outbound {
	o.Ref = ref
	return o
}

// SMSSender is the subset of the gateway client used here.
type SMSSender interface {
	Send(ctx context.Context, req sms.SendRequest) (sms.SendResult, error)
}

// Sender delivers Outbound messages.
type Sender struct {
	gateway SMSSender
}

func NewSender(gateway SMSSender) *Sender { return &Sender{gateway: gateway} }

func (s *Sender) Send(ctx context.Context, o Outbound) error {
	if o.To == "" {
		return fmt.Errorf("notify: empty recipient for %s", o.Ref)
	}
	_, err := s.gateway.Send(ctx, sms.SendRequest{To: o.To, Body: o.Body, ClientRef: o.Ref})
	return err
}

func normalizeMSISDN(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '(' || r == ')' {
			return -1
		}
		return r
	}, s)
	if strings.HasPrefix(s, "00") {
		s = "+" + s[2:]
	}
	return s
}
