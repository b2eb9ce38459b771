package refill

import (
	"strings"

	"github.com/google/uuid"

	"github.com/cedarleaf/pharmacy/internal/db"
	"github.com/cedarleaf/pharmacy/internal/platform/ids"
	"github.com/cedarleaf/pharmacy/internal/store"
)

// Channels a refill request can arrive through.
const (
	ChannelApp = "app"
	ChannelWeb = "web"
	ChannelSMS = "sms"
	ChannelIVR = "ivr"
)

// RequestInput is what a patient submits to ask for a refill.
type RequestInput struct {
	PatientID      uuid.UUID
	PrescriptionID uuid.UUID
	Channel        string
	Note           string
}

// requestBuilder assembles the insert parameters for a refill request.
type requestBuilder struct {
	p db.CreateRefillRequestParams
}

func newRequest(in RequestInput) *requestBuilder {
	return &requestBuilder{p: db.CreateRefillRequestParams{
		ID:             ids.NewULID(),
		PrescriptionID: in.PrescriptionID,
		PatientID:      in.PatientID,
		Channel:        ChannelApp,
	}}
}

func (b *requestBuilder) channel(c string) *requestBuilder {
	switch c {
	case ChannelApp, ChannelWeb, ChannelSMS, ChannelIVR:
		b.p.Channel = c
	}
	return b
}

func (b *requestBuilder) note(n string) *requestBuilder {
	n = strings.TrimSpace(n)
	if len(n) > 500 {
		n = n[:500]
	}
	b.p.Note = store.Text(n)
	return b
}

func (b *requestBuilder) build() db.CreateRefillRequestParams { return b.p }
