// Package domain holds the records the title and escrow office works with.
package domain

import "time"

// Order is a title order: one property, one transaction, one file number.
type Order struct {
	ID              string    `db:"id" json:"id"`
	FileNumber      string    `db:"file_number" json:"file_number"`
	PropertyAPN     string    `db:"property_apn" json:"property_apn"`
	CountyFIPS      string    `db:"county_fips" json:"county_fips"`
	PropertyAddr    string    `db:"property_addr" json:"property_addr"`
	BuyerName       string    `db:"buyer_name" json:"buyer_name"`
	BuyerEmail      string    `db:"buyer_email" json:"buyer_email"`
	BuyerPhone      string    `db:"buyer_phone" json:"buyer_phone"`
	SellerName      string    `db:"seller_name" json:"seller_name"`
	SellerEmail     string    `db:"seller_email" json:"seller_email"`
	CloserEmail     string    `db:"closer_email" json:"closer_email"`
	CloserPhone     string    `db:"closer_phone" json:"closer_phone"`
	SalePriceCents  int64     `db:"sale_price_cents" json:"sale_price_cents"`
	LoanAmountCents int64     `db:"loan_amount_cents" json:"loan_amount_cents"`
	Status          string    `db:"status" json:"status"`
	CreatedAt       time.Time `db:"created_at" json:"created_at"`
	UpdatedAt       time.Time `db:"updated_at" json:"updated_at"`
}

// TitleSearch is one search ordered from the title plant.
type TitleSearch struct {
	ID            string     `db:"id" json:"id"`
	OrderID       string     `db:"order_id" json:"order_id"`
	PlantSearchID string     `db:"plant_search_id" json:"plant_search_id"`
	SearchType    string     `db:"search_type" json:"search_type"`
	Status        string     `db:"status" json:"status"`
	ReportURL     *string    `db:"report_url" json:"report_url,omitempty"`
	OrderedAt     time.Time  `db:"ordered_at" json:"ordered_at"`
	CompletedAt   *time.Time `db:"completed_at" json:"completed_at,omitempty"`
}

// Lien sources.
const (
	LienSourceSearch = "search"
	LienSourceManual = "manual"
)

// Lien is an encumbrance on the property that must be paid or released.
type Lien struct {
	ID                string     `db:"id" json:"id"`
	OrderID           string     `db:"order_id" json:"order_id"`
	Source            string     `db:"source" json:"source"`
	InstrumentNumber  *string    `db:"instrument_number" json:"instrument_number,omitempty"`
	LienType          string     `db:"lien_type" json:"lien_type"`
	Lienholder        string     `db:"lienholder" json:"lienholder"`
	LoanNumber        string     `db:"loan_number" json:"loan_number,omitempty"`
	AmountCents       int64      `db:"amount_cents" json:"amount_cents"`
	RecordedOn        *time.Time `db:"recorded_on" json:"recorded_on,omitempty"`
	Status            string     `db:"status" json:"status"`
	ReleasedAt        *time.Time `db:"released_at" json:"released_at,omitempty"`
	ReleaseInstrument *string    `db:"release_instrument" json:"release_instrument,omitempty"`
	CreatedAt         time.Time  `db:"created_at" json:"created_at"`
}

// PayoffRequest is a payoff statement requested from a lienholder.
type PayoffRequest struct {
	ID          string    `db:"id" json:"id"`
	LienID      string    `db:"lien_id" json:"lien_id"`
	LenderRef   string    `db:"lender_ref" json:"lender_ref"`
	GoodThrough time.Time `db:"good_through" json:"good_through"`
	Status      string    `db:"status" json:"status"`
	RequestedAt time.Time `db:"requested_at" json:"requested_at"`
}
