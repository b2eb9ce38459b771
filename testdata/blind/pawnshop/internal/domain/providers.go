package domain

import "time"

// ChargeRequest asks the card processor to take a payment now.
type ChargeRequest struct {
	Amount          Cents
	CustomerRef     string
	PaymentMethodID string
	Description     string
	IdempotencyKey  string
	Metadata        map[string]string
}

type ChargeResult struct {
	PaymentIntentID string
	ChargeID        string
	Status          string
	Amount          Cents
}

type RefundRequest struct {
	PaymentIntentID string
	Amount          Cents
	Reason          string
	IdempotencyKey  string
}

type RefundResult struct {
	RefundID string
	Status   string
}

type SMSRequest struct {
	To        string
	Body      string
	ClientRef string
}

type SMSResult struct {
	MessageID string
	Status    string
}

type EmailRequest struct {
	To       string
	Subject  string
	TextBody string
	Tag      string
}

type EmailResult struct {
	MessageID string
}

// PoliceTransaction is a pawn transaction as the law-enforcement database
// wants it reported.
type PoliceTransaction struct {
	StoreLicense    string
	TicketNo        string
	TransactionType string
	TransactionAt   time.Time
	CustomerName    string
	DateOfBirth     time.Time
	IDType          string
	IDNumber        string
	IDState         string
	Items           []PoliceItem
	Amount          Cents
}

type PoliceItem struct {
	Category     string
	Description  string
	Brand        string
	Model        string
	SerialNumber string
}

type PoliceReceipt struct {
	ConfirmationNo string
	ReceivedAt     time.Time
}

// LotRequest consigns one item to the auction partner.
type LotRequest struct {
	ConsignorRef   string
	Title          string
	Description    string
	Category       string
	Reserve        Cents
	ShipFrom       string
	IdempotencyKey string
}

type Lot struct {
	LotID  string
	Status string
	URL    string
}
