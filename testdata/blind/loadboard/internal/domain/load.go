package domain

import (
	"strings"
	"time"
)

type LoadStatus string

const (
	LoadOpen      LoadStatus = "open"
	LoadTendering LoadStatus = "tendering"
	LoadCovered   LoadStatus = "covered"
	LoadInTransit LoadStatus = "in_transit"
	LoadDelivered LoadStatus = "delivered"
	LoadPaid      LoadStatus = "paid"
	LoadCancelled LoadStatus = "cancelled"
)

type Equipment string

const (
	EquipmentDryVan    Equipment = "dry_van"
	EquipmentReefer    Equipment = "reefer"
	EquipmentFlatbed   Equipment = "flatbed"
	EquipmentStepDeck  Equipment = "step_deck"
	EquipmentPowerOnly Equipment = "power_only"
)

func (e Equipment) Valid() bool {
	switch e {
	case EquipmentDryVan, EquipmentReefer, EquipmentFlatbed, EquipmentStepDeck, EquipmentPowerOnly:
		return true
	}
	return false
}

// Stop is a pickup or delivery location.
type Stop struct {
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"postal_code"`
}

func (s Stop) validate(field string) error {
	if strings.TrimSpace(s.City) == "" {
		return Invalid(field+".city", "required")
	}
	if len(s.State) != 2 {
		return Invalid(field+".state", "must be a two-letter state code")
	}
	return nil
}

// Load is a shipment posted by a shipper.
type Load struct {
	ID                string
	ShipperID         string
	Reference         string
	Origin            Stop
	Destination       Stop
	PickupAt          time.Time
	DeliverBy         time.Time
	Equipment         Equipment
	WeightLbs         int
	TargetRateCents   int64
	Status            LoadStatus
	TenderWorkflowID  string
	CarrierID         string
	AgreedRateCents   int64
	BidCount          int
	LowBidCents       int64
	ShipperNotifiedAt *time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

// NewLoadInput is what a shipper submits when posting a load.
type NewLoadInput struct {
	ShipperID       string
	Reference       string
	Origin          Stop
	Destination     Stop
	PickupAt        time.Time
	DeliverBy       time.Time
	Equipment       Equipment
	WeightLbs       int
	TargetRateCents int64
}

func (in NewLoadInput) Validate(now time.Time) error {
	if in.ShipperID == "" {
		return Invalid("shipper_id", "required")
	}
	if err := in.Origin.validate("origin"); err != nil {
		return err
	}
	if err := in.Destination.validate("destination"); err != nil {
		return err
	}
	if !in.Equipment.Valid() {
		return Invalid("equipment", "unknown equipment type")
	}
	if in.PickupAt.Before(now.Add(-time.Hour)) {
		return Invalid("pickup_at", "must not be in the past")
	}
	if !in.DeliverBy.After(in.PickupAt) {
		return Invalid("deliver_by", "must be after pickup_at")
	}
	if in.WeightLbs <= 0 || in.WeightLbs > 80000 {
		return Invalid("weight_lbs", "must be between 1 and 80000")
	}
	if in.TargetRateCents < 0 {
		return Invalid("target_rate_cents", "must not be negative")
	}
	return nil
}

// CanAcceptBids reports whether carriers may still bid on the load.
func (l *Load) CanAcceptBids() bool {
	return l.Status == LoadOpen
}

// Cancellable reports whether the shipper may still cancel the load.
func (l *Load) Cancellable() bool {
	switch l.Status {
	case LoadOpen, LoadTendering, LoadCovered:
		return true
	}
	return false
}

// Delivery records proof of delivery for a load.
type Delivery struct {
	LoadID       string
	DeliveredAt  time.Time
	ReceiverName string
	PODURL       string
	Exceptions   string
	ReportedBy   string
	CreatedAt    time.Time
}

// AccessorialKind enumerates the extra charges a carrier can claim.
type AccessorialKind string

const (
	AccessorialDetention AccessorialKind = "detention"
	AccessorialLumper    AccessorialKind = "lumper"
	AccessorialLayover   AccessorialKind = "layover"
	AccessorialTONU      AccessorialKind = "tonu"
)

func (k AccessorialKind) Valid() bool {
	switch k {
	case AccessorialDetention, AccessorialLumper, AccessorialLayover, AccessorialTONU:
		return true
	}
	return false
}

// Accessorial is an additional charge on a load.
type Accessorial struct {
	ID          string
	LoadID      string
	Kind        AccessorialKind
	AmountCents int64
	Note        string
	ReceiptURL  string
	CreatedBy   string
	CreatedAt   time.Time
}
