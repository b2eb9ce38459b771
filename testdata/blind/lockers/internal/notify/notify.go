// Package notify renders recipient-facing SMS messages and hands them to an
// SMS gateway.
package notify

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Sender is the subset of the SMS client used here.
type Sender interface {
	SendText(ctx context.Context, to, body string) (string, error)
}

// SenderFunc adapts a plain function to Sender.
type SenderFunc func(ctx context.Context, to, body string) (string, error)

func (f SenderFunc) SendText(ctx context.Context, to, body string) (string, error) {
	return f(ctx, to, body)
}

type PickupReady struct {
	Phone         string
	RecipientName string
	LockerName    string
	Address       string
	Code          string
	Deadline      time.Time
	Timezone      string
}

type ReturnScheduled struct {
	Phone      string
	LockerName string
	Barcode    string
}

// Notifier sends the recipient messages of the parcel lifecycle.
type Notifier interface {
	PickupReady(ctx context.Context, m PickupReady) error
	PickupCodeReminder(ctx context.Context, m PickupReady) error
	ReturnScheduled(ctx context.Context, m ReturnScheduled) error
}

type SMSNotifier struct {
	sender Sender
	brand  string
}

func NewSMSNotifier(sender Sender, brand string) *SMSNotifier {
	return &SMSNotifier{sender: sender, brand: brand}
}

func localDeadline(t time.Time, tz string) string {
	if loc, err := time.LoadLocation(tz); err == nil && tz != "" {
		t = t.In(loc)
	}
	return t.Format("Mon 2 Jan 15:04")
}

func firstName(full string) string {
	if i := strings.IndexByte(full, ' '); i > 0 {
		return full[:i]
	}
	return full
}

func (n *SMSNotifier) PickupReady(ctx context.Context, m PickupReady) error {
	body := fmt.Sprintf("Hi %s, your parcel is waiting at %s (%s). Pickup code: %s. Collect before %s. -%s",
		firstName(m.RecipientName), m.LockerName, m.Address, m.Code, localDeadline(m.Deadline, m.Timezone), n.brand)
	_, err := n.sender.SendText(ctx, m.Phone, body)
	return err
}

func (n *SMSNotifier) PickupCodeReminder(ctx context.Context, m PickupReady) error {
	body := fmt.Sprintf("Your pickup code for %s is %s. Collect before %s. -%s",
		m.LockerName, m.Code, localDeadline(m.Deadline, m.Timezone), n.brand)
	_, err := n.sender.SendText(ctx, m.Phone, body)
	return err
}

func (n *SMSNotifier) ReturnScheduled(ctx context.Context, m ReturnScheduled) error {
	body := fmt.Sprintf("Your parcel %s at %s was not collected in time and is being returned to the sender. -%s",
		m.Barcode, m.LockerName, n.brand)
	_, err := n.sender.SendText(ctx, m.Phone, body)
	return err
}
