package domain

import (
	"time"

	"github.com/uptrace/bun"
)

// GiftAidDeclaration is a donor's statement that a gift is eligible for
// Gift Aid (the charity reclaims basic-rate tax on it).
type GiftAidDeclaration struct {
	bun.BaseModel `bun:"table:gift_aid_declarations,alias:gad"`

	ID          int64     `bun:"id,pk,autoincrement" json:"id"`
	DonationID  string    `bun:"donation_id,type:uuid,notnull" json:"donation_id"`
	DonorID     string    `bun:"donor_id,type:uuid,notnull" json:"donor_id"`
	HouseNumber string    `bun:"house_number,notnull" json:"house_number"`
	Postcode    string    `bun:"postcode,notnull" json:"postcode"`
	TaxYear     string    `bun:"tax_year,notnull" json:"tax_year"`
	Status      string    `bun:"status,notnull" json:"status"`
	DeclaredAt  time.Time `bun:"declared_at,notnull,default:current_timestamp" json:"declared_at"`
}

// GiftAidBatch is one claim submission covering many declarations.
type GiftAidBatch struct {
	bun.BaseModel `bun:"table:giftaid_batches,alias:gab"`

	ID              string    `bun:"id,pk"`
	TaxYear         string    `bun:"tax_year,notnull"`
	Period          string    `bun:"period,notnull"`
	Status          string    `bun:"status,notnull"`
	LineCount       int       `bun:"line_count,notnull"`
	TotalClaimPence int64     `bun:"total_claim_pence,notnull"`
	CreatedAt       time.Time `bun:"created_at,notnull,default:current_timestamp"`
}

// GiftAidClaimLine links a declaration into a batch.
type GiftAidClaimLine struct {
	bun.BaseModel `bun:"table:giftaid_claim_lines,alias:gcl"`

	BatchID       string `bun:"batch_id,notnull"`
	DeclarationID int64  `bun:"declaration_id,notnull"`
	DonationID    string `bun:"donation_id,type:uuid,notnull"`
	DonationPence int64  `bun:"donation_pence,notnull"`
	ClaimPence    int64  `bun:"claim_pence,notnull"`
}
