package bankpartner

import "time"

// CollectionBuilder assembles a CollectionRequest.
type CollectionBuilder struct {
	req CollectionRequest
}

// NewCollection starts a collection for the given creditor and mandate.
func NewCollection(creditorID, mandateRef string) *CollectionBuilder {
	return &CollectionBuilder{req: CollectionRequest{
		CreditorID:   creditorID,
		MandateRef:   mandateRef,
		Currency:     "EUR",
		SequenceType: "RCUR",
	}}
}

func (b *CollectionBuilder) Amount(cents int64) *CollectionBuilder {
	b.req.AmountCents = cents
	return b
}

func (b *CollectionBuilder) EndToEnd(id string) *CollectionBuilder {
	b.req.EndToEndID = id
	return b
}

func (b *CollectionBuilder) Remittance(text string) *CollectionBuilder {
	if len(text) > 140 {
		text = text[:140]
	}
	b.req.Remittance = text
	return b
}

func (b *CollectionBuilder) First() *CollectionBuilder {
	b.req.SequenceType = "FRST"
	return b
}

// On sets the requested collection date; the bank needs at least one
// business day of notice.
func (b *CollectionBuilder) On(d time.Time) *CollectionBuilder {
	b.req.RequestedDate = d.Format("2006-01-02")
	return b
}

func (b *CollectionBuilder) Build() CollectionRequest {
	if b.req.RequestedDate == "" {
		b.req.RequestedDate = time.Now().UTC().AddDate(0, 0, 2).Format("2006-01-02")
	}
	return b.req
}
