// Package store implements the Postgres repositories behind the services.
package store

import (
	"gorm.io/gorm"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/platform/repository"
)

// Stores built on the generic repository join the transaction carried in
// the context. The ledger stores below hold the pool directly.
type (
	MemberStore struct {
		*repository.Repository[domain.Member]
	}
	PacketStore struct {
		*repository.Repository[domain.Packet]
	}
	LotStore struct {
		*repository.Repository[domain.SeedLot]
	}
	LabSampleStore struct {
		*repository.Repository[domain.LabSample]
	}
	GerminationTestStore struct {
		*repository.Repository[domain.GerminationTest]
	}
	DonationStore struct {
		*repository.Repository[domain.Donation]
	}
	ReservationStore struct {
		*repository.Repository[domain.Reservation]
	}
	LoanStore struct {
		*repository.Repository[domain.Loan]
	}
	ShipmentStore struct {
		*repository.Repository[domain.Shipment]
	}
	ReturnLabelStore struct {
		*repository.Repository[domain.ReturnLabel]
	}
	InvoiceStore struct {
		*repository.Repository[domain.DuesInvoice]
	}
	PaymentStore struct {
		*repository.Repository[domain.Payment]
	}
)

type (
	// ReceiptStore remembers webhook event ids per provider.
	ReceiptStore struct{ db *gorm.DB }
	// ProcessedStore remembers which broker messages a consumer has handled.
	ProcessedStore struct{ db *gorm.DB }
	// CatalogueStore tracks seasonal catalogue sends.
	CatalogueStore struct{ db *gorm.DB }
	// EmailAttemptStore appends email hand-off attempts.
	EmailAttemptStore struct{ db *gorm.DB }
)

func NewMemberStore(db *gorm.DB) *MemberStore { return &MemberStore{repository.New[domain.Member](db)} }
func NewPacketStore(db *gorm.DB) *PacketStore { return &PacketStore{repository.New[domain.Packet](db)} }
func NewLotStore(db *gorm.DB) *LotStore       { return &LotStore{repository.New[domain.SeedLot](db)} }
func NewLabSampleStore(db *gorm.DB) *LabSampleStore {
	return &LabSampleStore{repository.New[domain.LabSample](db)}
}
func NewGerminationTestStore(db *gorm.DB) *GerminationTestStore {
	return &GerminationTestStore{repository.New[domain.GerminationTest](db)}
}
func NewDonationStore(db *gorm.DB) *DonationStore {
	return &DonationStore{repository.New[domain.Donation](db)}
}
func NewReservationStore(db *gorm.DB) *ReservationStore {
	return &ReservationStore{repository.New[domain.Reservation](db)}
}
func NewLoanStore(db *gorm.DB) *LoanStore { return &LoanStore{repository.New[domain.Loan](db)} }
func NewShipmentStore(db *gorm.DB) *ShipmentStore {
	return &ShipmentStore{repository.New[domain.Shipment](db)}
}
func NewReturnLabelStore(db *gorm.DB) *ReturnLabelStore {
	return &ReturnLabelStore{repository.New[domain.ReturnLabel](db)}
}
func NewInvoiceStore(db *gorm.DB) *InvoiceStore {
	return &InvoiceStore{repository.New[domain.DuesInvoice](db)}
}
func NewPaymentStore(db *gorm.DB) *PaymentStore {
	return &PaymentStore{repository.New[domain.Payment](db)}
}
func NewReceiptStore(db *gorm.DB) *ReceiptStore           { return &ReceiptStore{db: db} }
func NewProcessedStore(db *gorm.DB) *ProcessedStore       { return &ProcessedStore{db: db} }
func NewCatalogueStore(db *gorm.DB) *CatalogueStore       { return &CatalogueStore{db: db} }
func NewEmailAttemptStore(db *gorm.DB) *EmailAttemptStore { return &EmailAttemptStore{db: db} }
