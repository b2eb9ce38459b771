// Package partner talks to the matched-giving partner API, which relays
// claims to employers' giving programmes. The partner deduplicates claim
// submissions on client_reference: a repeated reference returns the claim
// created the first time.
package partner

import (
	"time"
)

// ClaimRequest is the body of POST /claims.
type ClaimRequest struct {
	EmployerID      string            `json:"employer_id"`
	ClientReference string            `json:"client_reference,omitempty"`
	Employee        Employee          `json:"employee"`
	Donation        DonationInfo      `json:"donation"`
	Charity         CharityInfo       `json:"charity"`
	CallbackURL     string            `json:"callback_url,omitempty"`
	Meta            map[string]string `json:"meta,omitempty"`
}

// Employee identifies the donor at their employer.
type Employee struct {
	Reference string `json:"reference"`
	Email     string `json:"email"`
	Name      string `json:"name"`
}

// DonationInfo describes the gift to be matched.
type DonationInfo struct {
	ID          string    `json:"id"`
	AmountMinor int64     `json:"amount_minor"`
	Currency    string    `json:"currency"`
	Date        time.Time `json:"date"`
}

// CharityInfo identifies the beneficiary.
type CharityInfo struct {
	RegistrationNumber string `json:"registration_number"`
	Name               string `json:"name"`
}

// RequestOption mutates a ClaimRequest under construction.
type RequestOption func(*ClaimRequest)

// NewClaimRequest starts a claim for employerID and applies opts in order.
func NewClaimRequest(employerID string, opts ...RequestOption) *ClaimRequest {
	r := &ClaimRequest{EmployerID: employerID, Meta: map[string]string{}}
	for _, o := range opts {
		o(r)
	}
	return r
}

// WithEmployee sets the employee block.
func WithEmployee(ref, email, name string) RequestOption {
	return func(r *ClaimRequest) {
		r.Employee = Employee{Reference: ref, Email: email, Name: name}
	}
}

// WithDonation sets the donation block.
func WithDonation(id string, amount int64, currency string, at time.Time) RequestOption {
	return func(r *ClaimRequest) {
		r.Donation = DonationInfo{ID: id, AmountMinor: amount, Currency: currency, Date: at}
	}
}

// WithCharity sets the charity block.
func WithCharity(regNo, name string) RequestOption {
	return func(r *ClaimRequest) {
		r.Charity = CharityInfo{RegistrationNumber: regNo, Name: name}
	}
}

// WithClientReference sets the partner's deduplication reference.
func WithClientReference(ref string) RequestOption {
	return func(r *ClaimRequest) { r.ClientReference = ref }
}

// WithCallback sets the URL the partner calls with its decision.
func WithCallback(url string) RequestOption {
	return func(r *ClaimRequest) { r.CallbackURL = url }
}

// WithMeta attaches free-form metadata echoed back in callbacks.
func WithMeta(k, v string) RequestOption {
	return func(r *ClaimRequest) { r.Meta[k] = v }
}
