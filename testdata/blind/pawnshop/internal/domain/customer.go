package domain

import (
	"strings"
	"time"

	"github.com/google/uuid"
)

type Customer struct {
	ID               uuid.UUID `db:"id" json:"id"`
	BranchID         string    `db:"branch_id" json:"branch_id"`
	FirstName        string    `db:"first_name" json:"first_name"`
	LastName         string    `db:"last_name" json:"last_name"`
	DateOfBirth      time.Time `db:"date_of_birth" json:"date_of_birth"`
	Phone            *string   `db:"phone" json:"phone,omitempty"`
	Email            *string   `db:"email" json:"email,omitempty"`
	IDDocType        string    `db:"id_doc_type" json:"id_doc_type"`
	IDDocNumber      string    `db:"id_doc_number" json:"-"`
	IDDocState       *string   `db:"id_doc_state" json:"id_doc_state,omitempty"`
	StripeCustomerID *string   `db:"stripe_customer_id" json:"-"`
	CreatedAt        time.Time `db:"created_at" json:"created_at"`
}

func (c Customer) FullName() string { return c.FirstName + " " + c.LastName }

// PhoneNumber returns the phone on file or "".
func (c Customer) PhoneNumber() string {
	if c.Phone == nil {
		return ""
	}
	return *c.Phone
}

// EmailAddress returns the email on file or "".
func (c Customer) EmailAddress() string {
	if c.Email == nil {
		return ""
	}
	return *c.Email
}

type Channel string

const (
	ChannelSMS   Channel = "sms"
	ChannelEmail Channel = "email"
)

type Consent struct {
	CustomerID uuid.UUID `db:"customer_id"`
	Channel    Channel   `db:"channel"`
	Granted    bool      `db:"granted"`
	Source     string    `db:"source"`
	UpdatedAt  time.Time `db:"updated_at"`
}

var idDocTypes = map[string]bool{
	"drivers_license": true,
	"state_id":        true,
	"passport":        true,
	"military_id":     true,
}

// ValidIDDocType reports whether t is an ID document we accept at intake.
func ValidIDDocType(t string) bool { return idDocTypes[t] }

type SMSPurpose string

const (
	SMSDueReminder   SMSPurpose = "due_reminder"
	SMSForfeitNotice SMSPurpose = "forfeit_notice"
	SMSBalanceReply  SMSPurpose = "balance_reply"
)

type SMSMessage struct {
	ID                string     `db:"id"`
	CustomerID        *uuid.UUID `db:"customer_id"`
	LoanID            *uuid.UUID `db:"loan_id"`
	Purpose           SMSPurpose `db:"purpose"`
	ToPhone           string     `db:"to_phone"`
	Body              string     `db:"body"`
	ClientRef         *string    `db:"client_ref"`
	ProviderMessageID *string    `db:"provider_message_id"`
	Status            string     `db:"status"`
}

type InboundSMS struct {
	ID                uuid.UUID  `db:"id"`
	ProviderMessageID string     `db:"provider_message_id"`
	FromPhone         string     `db:"from_phone"`
	Body              string     `db:"body"`
	Keyword           string     `db:"keyword"`
	CustomerID        *uuid.UUID `db:"customer_id"`
	ReceivedAt        time.Time  `db:"received_at"`
}

// Keyword returns the upper-cased first word of an inbound text, which is how
// customers drive the SMS menu (BAL, STOP, START, HELP).
func Keyword(body string) string {
	fields := strings.Fields(body)
	if len(fields) == 0 {
		return ""
	}
	return strings.ToUpper(fields[0])
}
