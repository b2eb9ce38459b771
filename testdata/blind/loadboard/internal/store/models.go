package store

import (
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulgrid/loadboard/internal/domain"
)

type loadRow struct {
	ID                string `gorm:"primaryKey"`
	ShipperID         string
	Reference         string
	OriginCity        string
	OriginState       string
	OriginPostal      string
	DestCity          string
	DestState         string
	DestPostal        string
	PickupAt          time.Time
	DeliverBy         time.Time
	Equipment         string
	WeightLbs         int
	TargetRateCents   int64
	Status            string
	TenderWorkflowID  *string
	CarrierID         *string
	AgreedRateCents   int64
	BidCount          int
	LowBidCents       int64
	ShipperNotifiedAt *time.Time
	CreatedAt         time.Time
	UpdatedAt         time.Time
}

func (loadRow) TableName() string { return "loads" }

func (r *loadRow) toDomain() *domain.Load {
	return &domain.Load{
		ID:                r.ID,
		ShipperID:         r.ShipperID,
		Reference:         r.Reference,
		Origin:            domain.Stop{City: r.OriginCity, State: r.OriginState, PostalCode: r.OriginPostal},
		Destination:       domain.Stop{City: r.DestCity, State: r.DestState, PostalCode: r.DestPostal},
		PickupAt:          r.PickupAt,
		DeliverBy:         r.DeliverBy,
		Equipment:         domain.Equipment(r.Equipment),
		WeightLbs:         r.WeightLbs,
		TargetRateCents:   r.TargetRateCents,
		Status:            domain.LoadStatus(r.Status),
		TenderWorkflowID:  deref(r.TenderWorkflowID),
		CarrierID:         deref(r.CarrierID),
		AgreedRateCents:   r.AgreedRateCents,
		BidCount:          r.BidCount,
		LowBidCents:       r.LowBidCents,
		ShipperNotifiedAt: r.ShipperNotifiedAt,
		CreatedAt:         r.CreatedAt,
		UpdatedAt:         r.UpdatedAt,
	}
}

func loadFromDomain(l *domain.Load) *loadRow {
	return &loadRow{
		ID:               l.ID,
		ShipperID:        l.ShipperID,
		Reference:        l.Reference,
		OriginCity:       l.Origin.City,
		OriginState:      l.Origin.State,
		OriginPostal:     l.Origin.PostalCode,
		DestCity:         l.Destination.City,
		DestState:        l.Destination.State,
		DestPostal:       l.Destination.PostalCode,
		PickupAt:         l.PickupAt,
		DeliverBy:        l.DeliverBy,
		Equipment:        string(l.Equipment),
		WeightLbs:        l.WeightLbs,
		TargetRateCents:  l.TargetRateCents,
		Status:           string(l.Status),
		TenderWorkflowID: ptr(l.TenderWorkflowID),
		CarrierID:        ptr(l.CarrierID),
		AgreedRateCents:  l.AgreedRateCents,
		BidCount:         l.BidCount,
		LowBidCents:      l.LowBidCents,
		CreatedAt:        l.CreatedAt,
		UpdatedAt:        l.UpdatedAt,
	}
}

type bidRow struct {
	ID          string `gorm:"primaryKey"`
	LoadID      string
	CarrierID   string
	AmountCents int64
	Note        string
	Status      string
	CreatedAt   time.Time
}

func (bidRow) TableName() string { return "bids" }

func (r *bidRow) toDomain() *domain.Bid {
	return &domain.Bid{
		ID:          r.ID,
		LoadID:      r.LoadID,
		CarrierID:   r.CarrierID,
		AmountCents: r.AmountCents,
		Note:        r.Note,
		Status:      domain.BidStatus(r.Status),
		CreatedAt:   r.CreatedAt,
	}
}

type tenderRow struct {
	ID            string `gorm:"primaryKey"`
	LoadID        string
	BidID         string
	CarrierID     string
	RateCents     int64
	Status        string
	WorkflowID    string
	OfferedAt     time.Time
	ExpiresAt     time.Time
	RespondedAt   *time.Time
	DeclineReason string
}

func (tenderRow) TableName() string { return "tenders" }

func (r *tenderRow) toDomain() *domain.Tender {
	return &domain.Tender{
		ID:            r.ID,
		LoadID:        r.LoadID,
		BidID:         r.BidID,
		CarrierID:     r.CarrierID,
		RateCents:     r.RateCents,
		Status:        domain.TenderStatus(r.Status),
		WorkflowID:    r.WorkflowID,
		OfferedAt:     r.OfferedAt,
		ExpiresAt:     r.ExpiresAt,
		RespondedAt:   r.RespondedAt,
		DeclineReason: r.DeclineReason,
	}
}

type attemptRow struct {
	ID         string `gorm:"primaryKey"`
	LoadID     string
	BidID      string
	WorkflowID string
	Round      int
	Outcome    string
	RecordedAt time.Time
}

func (attemptRow) TableName() string { return "tender_attempts" }

type assignmentRow struct {
	ID                     uuid.UUID `gorm:"type:uuid;primaryKey"`
	LoadID                 string
	TenderID               string
	CarrierID              string
	DriverName             string
	DriverPhone            string
	TruckNumber            string
	TrackingSubscriptionID *string
	CreatedAt              time.Time
}

func (assignmentRow) TableName() string { return "load_assignments" }

// BeforeCreate assigns the primary key for new assignments.
func (a *assignmentRow) BeforeCreate(tx *gorm.DB) error {
	if a.ID == uuid.Nil {
		a.ID = uuid.New()
	}
	return nil
}

func (r *assignmentRow) toDomain() *domain.Assignment {
	return &domain.Assignment{
		ID:                     r.ID.String(),
		LoadID:                 r.LoadID,
		TenderID:               r.TenderID,
		CarrierID:              r.CarrierID,
		DriverName:             r.DriverName,
		DriverPhone:            r.DriverPhone,
		TruckNumber:            r.TruckNumber,
		TrackingSubscriptionID: deref(r.TrackingSubscriptionID),
		CreatedAt:              r.CreatedAt,
	}
}

type deliveryRow struct {
	LoadID       string `gorm:"primaryKey"`
	DeliveredAt  time.Time
	ReceiverName string
	PODURL       string `gorm:"column:pod_url"`
	Exceptions   string
	ReportedBy   string
	CreatedAt    time.Time
}

func (deliveryRow) TableName() string { return "delivery_confirmations" }

type accessorialRow struct {
	ID          string `gorm:"primaryKey"`
	LoadID      string
	Kind        string
	AmountCents int64
	Note        string
	ReceiptURL  string
	CreatedBy   string
	CreatedAt   time.Time
}

func (accessorialRow) TableName() string { return "accessorial_charges" }

type payoutRow struct {
	ID                 string `gorm:"primaryKey"`
	LoadID             string
	CarrierID          string
	GrossCents         int64
	FeeCents           int64
	NetCents           int64
	Status             string
	ProviderTransferID *string
	Attempts           int
	LastError          string
	RequestedBy        string
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

func (payoutRow) TableName() string { return "payouts" }

func (r *payoutRow) toDomain() *domain.Payout {
	return &domain.Payout{
		ID:                 r.ID,
		LoadID:             r.LoadID,
		CarrierID:          r.CarrierID,
		GrossCents:         r.GrossCents,
		FeeCents:           r.FeeCents,
		NetCents:           r.NetCents,
		Status:             domain.PayoutStatus(r.Status),
		ProviderTransferID: deref(r.ProviderTransferID),
		Attempts:           r.Attempts,
		LastError:          r.LastError,
		RequestedBy:        r.RequestedBy,
		CreatedAt:          r.CreatedAt,
		UpdatedAt:          r.UpdatedAt,
	}
}

type rateConRow struct {
	ID         string `gorm:"primaryKey"`
	TenderID   string
	LoadID     string
	CarrierID  string
	RateCents  int64
	EnvelopeID *string
	Status     string
	SignedAt   *time.Time
	CreatedAt  time.Time
}

func (rateConRow) TableName() string { return "rate_confirmations" }

func (r *rateConRow) toDomain() *domain.RateConfirmation {
	return &domain.RateConfirmation{
		ID:         r.ID,
		TenderID:   r.TenderID,
		LoadID:     r.LoadID,
		CarrierID:  r.CarrierID,
		RateCents:  r.RateCents,
		EnvelopeID: deref(r.EnvelopeID),
		Status:     domain.RateConStatus(r.Status),
		SignedAt:   r.SignedAt,
		CreatedAt:  r.CreatedAt,
	}
}

type pingRow struct {
	ID         string `gorm:"primaryKey"`
	Vendor     string
	DeviceID   string
	LoadID     *string
	Lat        float64
	Lng        float64
	SpeedMph   float64
	Heading    int
	RecordedAt time.Time
	ReceivedAt time.Time
}

func (pingRow) TableName() string { return "tracking_pings" }

type notificationRow struct {
	ID                string `gorm:"primaryKey"`
	DedupKey          string
	Channel           string
	Recipient         string
	Template          string
	Status            string
	ProviderMessageID *string
	SentAt            *time.Time
	CreatedAt         time.Time
}

func (notificationRow) TableName() string { return "notifications" }

type ledgerRow struct {
	ID          string `gorm:"primaryKey"`
	CarrierID   string
	LoadID      string
	PayoutID    *string
	EntryType   string
	AmountCents int64
	Memo        string
	CreatedAt   time.Time
}

func (ledgerRow) TableName() string { return "carrier_ledger_entries" }

type laneRow struct {
	CarrierID    string `gorm:"primaryKey"`
	OriginState  string `gorm:"primaryKey"`
	DestState    string `gorm:"primaryKey"`
	Equipment    string `gorm:"primaryKey"`
	MinRateCents int64
	Notes        string
	UpdatedAt    time.Time
}

func (laneRow) TableName() string { return "carrier_lanes" }

type carrierRow struct {
	ID               string `gorm:"primaryKey"`
	Name             string
	MCNumber         string `gorm:"column:mc_number"`
	DOTNumber        string `gorm:"column:dot_number"`
	DispatchPhone    string
	DispatchEmail    string
	PayeeAccountID   *string
	QuickPayEnrolled bool
	AutoQuickPay     bool
	ELDVendor        *string `gorm:"column:eld_vendor"`
	ELDAccountID     *string `gorm:"column:eld_account_id"`
}

func (carrierRow) TableName() string { return "carriers" }

func (r *carrierRow) toDomain() *domain.Carrier {
	return &domain.Carrier{
		ID:               r.ID,
		Name:             r.Name,
		MCNumber:         r.MCNumber,
		DOTNumber:        r.DOTNumber,
		DispatchPhone:    r.DispatchPhone,
		DispatchEmail:    r.DispatchEmail,
		PayeeAccountID:   deref(r.PayeeAccountID),
		QuickPayEnrolled: r.QuickPayEnrolled,
		AutoQuickPay:     r.AutoQuickPay,
		ELDVendor:        deref(r.ELDVendor),
		ELDAccountID:     deref(r.ELDAccountID),
	}
}

type shipperRow struct {
	ID           string `gorm:"primaryKey"`
	Name         string
	ContactEmail string
}

func (shipperRow) TableName() string { return "shippers" }

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func ptr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
