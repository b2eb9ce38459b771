package domain

type QuoteStatus string

const (
	QuoteOpen     QuoteStatus = "open"
	QuoteAccepted QuoteStatus = "accepted"
	QuoteExpired  QuoteStatus = "expired"
	QuoteDeclined QuoteStatus = "declined"
)

type BookingStatus string

const (
	BookingPendingDeposit BookingStatus = "pending_deposit"
	BookingConfirmed      BookingStatus = "confirmed"
	BookingInProgress     BookingStatus = "in_progress"
	BookingCompleted      BookingStatus = "completed"
	BookingInvoiced       BookingStatus = "invoiced"
	BookingCancelled      BookingStatus = "cancelled"
)

// Active reports whether crews, trucks and storage can still be attached.
func (s BookingStatus) Active() bool {
	switch s {
	case BookingPendingDeposit, BookingConfirmed, BookingInProgress:
		return true
	}
	return false
}

type PaymentPurpose string

const (
	PurposeDeposit         PaymentPurpose = "deposit"
	PurposeCancellationFee PaymentPurpose = "cancellation_fee"
)

type PaymentStatus string

const (
	PaymentPending   PaymentStatus = "pending"
	PaymentSucceeded PaymentStatus = "succeeded"
	PaymentFailed    PaymentStatus = "failed"
	PaymentRefunded  PaymentStatus = "refunded"
)

type InvoiceStatus string

const (
	InvoiceOpen InvoiceStatus = "open"
	InvoicePaid InvoiceStatus = "paid"
	InvoiceVoid InvoiceStatus = "void"
)

type ClaimStatus string

const (
	ClaimOpen     ClaimStatus = "open"
	ClaimApproved ClaimStatus = "approved"
	ClaimDenied   ClaimStatus = "denied"
	ClaimPaid     ClaimStatus = "paid"
)

type Channel string

const (
	ChannelSMS   Channel = "sms"
	ChannelEmail Channel = "email"
)

type NotificationStatus string

const (
	NotificationPending NotificationStatus = "pending"
	NotificationSending NotificationStatus = "sending"
	NotificationSent    NotificationStatus = "sent"
	NotificationFailed  NotificationStatus = "failed"
)
