package db

import (
	"time"
)

type Owner struct {
	ID                   string
	Email                string
	Phone                *string
	FullName             string
	StripeCustomerID     *string
	DefaultPaymentMethod *string
	AddressLine1         string
	AddressLine2         *string
	AddressCity          string
	AddressPostcode      string
}

type Product struct {
	ID                 string
	Sku                string
	Name               string
	ControlledSchedule *int16
	UnitPriceCents     int64
	StockOnHand        int32
	StockReserved      int32
}

type Prescription struct {
	ID               string
	ClinicID         string
	ExternalRef      string
	PetID            string
	OwnerID          string
	ProductID        string
	Prescriber       string
	Dosage           string
	Quantity         int32
	RefillsRemaining int32
	ExpiresOn        time.Time
	ReminderSentAt   *time.Time
}

type RefillRequest struct {
	ID              string
	PrescriptionID  string
	ClinicID        string
	OwnerID         string
	Status          string
	Quantity        int32
	OwnerNote       *string
	ClientRequestID *string
	DecidedBy       *string
	DecisionNote    *string
	DecidedAt       *time.Time
	CreatedAt       time.Time
}

type Order struct {
	ID              string
	OwnerID         string
	RefillRequestID *string
	Kind            string
	Status          string
	TotalCents      int64
	Currency        string
	ShipName        string
	ShipLine1       string
	ShipLine2       *string
	ShipCity        string
	ShipPostcode    string
	CreatedAt       time.Time
	PaidAt          *time.Time
}

type OrderLine struct {
	ID             string
	OrderID        string
	ProductID      string
	PrescriptionID *string
	Quantity       int32
	UnitPriceCents int64
	Controlled     bool
}

type Payment struct {
	ID                    string
	OrderID               string
	StripePaymentIntentID string
	Status                string
	AmountCents           int64
	AmountRefundedCents   int64
}

type Shipment struct {
	ID                string
	OrderID           string
	CourierShipmentID string
	TrackingNumber    string
	LabelURL          *string
	Status            string
	LastEventAt       *time.Time
}

type Notification struct {
	ID          string
	OwnerID     string
	Channel     string
	Template    string
	Recipient   string
	Subject     *string
	Body        string
	Status      string
	ProviderRef *string
	SentAt      *time.Time
}

type ControlledEntry struct {
	ID               string
	ProductID        string
	OrderID          string
	PrescriptionID   string
	Quantity         int32
	Pharmacist       string
	Witness          *string
	RecordedAt       time.Time
	ReportedAt       *time.Time
	RegulatorReceipt *string
}

type IdempotencyRecord struct {
	Scope      string
	Key        string
	StatusCode int32
	Body       []byte
}
