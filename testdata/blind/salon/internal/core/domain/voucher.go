package domain

import (
	"crypto/rand"
	"strings"
	"time"

	"github.com/google/uuid"
)

type VoucherStatus string

const (
	VoucherActive    VoucherStatus = "active"
	VoucherExhausted VoucherStatus = "exhausted"
	VoucherVoid      VoucherStatus = "void"
)

// VoucherValidity is how long a gift voucher can be spent after purchase.
const VoucherValidity = 365 * 24 * time.Hour

type GiftVoucher struct {
	ID                uuid.UUID     `db:"id" json:"id"`
	Code              string        `db:"code" json:"code"`
	SalonID           *uuid.UUID    `db:"salon_id" json:"salon_id,omitempty"`
	PurchaserClientID uuid.UUID     `db:"purchaser_client_id" json:"purchaser_client_id"`
	RecipientName     string        `db:"recipient_name" json:"recipient_name"`
	RecipientEmail    string        `db:"recipient_email" json:"recipient_email"`
	Message           string        `db:"message" json:"message"`
	InitialCents      Cents         `db:"initial_cents" json:"initial_cents"`
	BalanceCents      Cents         `db:"balance_cents" json:"balance_cents"`
	Status            VoucherStatus `db:"status" json:"status"`
	PaymentID         *uuid.UUID    `db:"payment_id" json:"payment_id,omitempty"`
	DeliveredAt       *time.Time    `db:"delivered_at" json:"delivered_at,omitempty"`
	ExpiresAt         time.Time     `db:"expires_at" json:"expires_at"`
	CreatedAt         time.Time     `db:"created_at" json:"created_at"`
}

// Spendable checks the voucher can cover amount at time t.
func (v *GiftVoucher) Spendable(amount Cents, t time.Time) error {
	switch {
	case v.Status != VoucherActive:
		return ErrVoucherInactive
	case t.After(v.ExpiresAt):
		return ErrVoucherExpired
	case v.BalanceCents < amount:
		return ErrInsufficientFunds
	}
	return nil
}

type VoucherRedemption struct {
	ID            uuid.UUID  `db:"id" json:"id"`
	VoucherID     uuid.UUID  `db:"voucher_id" json:"voucher_id"`
	AppointmentID *uuid.UUID `db:"appointment_id" json:"appointment_id,omitempty"`
	AmountCents   Cents      `db:"amount_cents" json:"amount_cents"`
	CreatedAt     time.Time  `db:"created_at" json:"created_at"`
}

const voucherAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// NewVoucherCode returns a printable code like "GV-7KQ4-M2XP".
func NewVoucherCode() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	var sb strings.Builder
	sb.WriteString("GV-")
	for i, c := range b {
		if i == 4 {
			sb.WriteByte('-')
		}
		sb.WriteByte(voucherAlphabet[int(c)%len(voucherAlphabet)])
	}
	return sb.String()
}

// NormalizeVoucherCode upper-cases and trims a code typed by a client.
func NormalizeVoucherCode(code string) string {
	return strings.ToUpper(strings.TrimSpace(code))
}
