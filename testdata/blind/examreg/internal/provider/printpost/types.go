// Package printpost is the client for the print-and-post partner that prints
// certificates and mails them to candidates.
package printpost

import "time"

// Address is a postal address as the partner expects it.
type Address struct {
	Name       string `json:"name"`
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// Order is a print-and-post order for one certificate. ClientReference is
// echoed back in acknowledgements so we can match them up; the partner does
// not reject or merge orders that share one.
type Order struct {
	ClientReference string            `json:"client_reference"`
	Template        string            `json:"template"`
	Recipient       Address           `json:"recipient"`
	Fields          map[string]string `json:"fields"`
	Service         string            `json:"service"` // "standard" | "tracked"
}

// OrderAck is the partner's response to an order.
type OrderAck struct {
	Reference string    `json:"reference"`
	Status    string    `json:"status"`
	Accepted  time.Time `json:"accepted_at"`
}

// Reprint asks the partner to print an existing order again.
type Reprint struct {
	OriginalReference string  `json:"original_reference"`
	Reason            string  `json:"reason"`
	Recipient         Address `json:"recipient"`
}

// Manifest is a bulk submission of orders.
type Manifest struct {
	Orders []Order `json:"orders"`
}

// ManifestAck lists the partner references assigned per client reference.
type ManifestAck struct {
	BatchID    string            `json:"batch_id"`
	References map[string]string `json:"references"`
	Rejected   map[string]string `json:"rejected"`
}

// DispatchEvent is posted to our webhook as an order moves through the plant.
type DispatchEvent struct {
	Reference  string    `json:"reference"`
	Sequence   int       `json:"sequence"`
	Status     string    `json:"status"` // printed | handed_to_carrier | delivered | returned
	Detail     string    `json:"detail"`
	OccurredAt time.Time `json:"occurred_at"`
}
