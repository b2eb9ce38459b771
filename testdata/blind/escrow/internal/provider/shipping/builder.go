package shipping

// LabelRequestBuilder assembles a LabelRequest.
type LabelRequestBuilder struct {
	req LabelRequest
}

// NewLabelRequest starts a label request for the given merchant reference
// (normally the order ID). The default service level is "standard".
func NewLabelRequest(reference string) *LabelRequestBuilder {
	return &LabelRequestBuilder{req: LabelRequest{Reference: reference, Service: "standard"}}
}

// From sets the sender address.
func (b *LabelRequestBuilder) From(a Address) *LabelRequestBuilder {
	b.req.From = a
	return b
}

// To sets the recipient address.
func (b *LabelRequestBuilder) To(a Address) *LabelRequestBuilder {
	b.req.To = a
	return b
}

// Parcel sets the parcel dimensions.
func (b *LabelRequestBuilder) Parcel(p Parcel) *LabelRequestBuilder {
	b.req.Parcel = p
	return b
}

// Service sets the service level ("standard", "express").
func (b *LabelRequestBuilder) Service(s string) *LabelRequestBuilder {
	if s != "" {
		b.req.Service = s
	}
	return b
}

// IdempotencyKey makes the partner return the original label when the same
// key is sent again.
func (b *LabelRequestBuilder) IdempotencyKey(k string) *LabelRequestBuilder {
	b.req.idempotencyKey = k
	return b
}

// Build returns the finished request.
func (b *LabelRequestBuilder) Build() LabelRequest {
	return b.req
}
