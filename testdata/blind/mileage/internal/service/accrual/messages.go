// Package accrual credits miles for partner and flight activity delivered on
// the accrual queue.
package accrual

import "fmt"

// Partner types carried in the "partnerType" message attribute.
const (
	PartnerHotel  = "hotel"
	PartnerCar    = "car"
	PartnerCard   = "card"
	PartnerFlight = "flight"
)

// HotelStay is a checked-out stay reported by a hotel chain.
type HotelStay struct {
	ChainCode        string `json:"chainCode"`
	FolioNumber      string `json:"folioNumber"`
	PropertyCode     string `json:"propertyCode"`
	MemberNumber     string `json:"memberNumber"`
	CheckOut         string `json:"checkOut"`
	Nights           int    `json:"nights"`
	RoomRevenueCents int64  `json:"roomRevenueCents"`
	PromoBonusMiles  int64  `json:"promoBonusMiles"`
}

func (h HotelStay) validate() error {
	if h.ChainCode == "" || h.FolioNumber == "" || h.MemberNumber == "" || h.Nights <= 0 {
		return fmt.Errorf("hotel stay: chainCode, folioNumber, memberNumber and nights are required")
	}
	return nil
}

// CarRental is a completed rental reported by a car rental company.
type CarRental struct {
	Company         string `json:"company"`
	AgreementNumber string `json:"agreementNumber"`
	MemberNumber    string `json:"memberNumber"`
	PickupDate      string `json:"pickupDate"`
	RentalDays      int    `json:"rentalDays"`
	CarClass        string `json:"carClass"`
}

func (c CarRental) validate() error {
	if c.Company == "" || c.AgreementNumber == "" || c.MemberNumber == "" || c.RentalDays <= 0 {
		return fmt.Errorf("car rental: company, agreementNumber, memberNumber and rentalDays are required")
	}
	return nil
}

// CardSpend is one line of a co-brand card issuer's daily statement.
type CardSpend struct {
	IssuerCode    string `json:"issuerCode"`
	TransactionID string `json:"transactionId"`
	MemberNumber  string `json:"memberNumber"`
	PostingDate   string `json:"postingDate"`
	MCC           string `json:"mcc"`
	AmountCents   int64  `json:"amountCents"`
	Miles         int64  `json:"miles"`
}

func (c CardSpend) validate() error {
	if c.IssuerCode == "" || c.TransactionID == "" || c.MemberNumber == "" {
		return fmt.Errorf("card spend: issuerCode, transactionId and memberNumber are required")
	}
	return nil
}

// FlownCoupon is a flown coupon from revenue accounting.
type FlownCoupon struct {
	TicketNumber     string `json:"ticketNumber"`
	CouponNumber     int    `json:"couponNumber"`
	MemberNumber     string `json:"memberNumber"`
	MarketingCarrier string `json:"marketingCarrier"`
	FlightNumber     string `json:"flightNumber"`
	FlightDate       string `json:"flightDate"`
	FareClass        string `json:"fareClass"`
	Distance         int64  `json:"distance"`
}

func (f FlownCoupon) validate() error {
	if len(f.TicketNumber) != 13 || f.CouponNumber < 1 || f.CouponNumber > 4 || f.MemberNumber == "" {
		return fmt.Errorf("flown coupon: ticketNumber, couponNumber and memberNumber are required")
	}
	return nil
}
