// Package carriers holds the clients of the mobile network partners that
// host our eSIM profiles. Each partner exposes reservation, download
// activation, top-up and line-state operations with its own conventions.
package carriers

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrUnsupported is returned by operations a partner does not offer.
var ErrUnsupported = errors.New("carriers: operation not supported by partner")

// Line states for SetLineState.
const (
	LineActive    = "active"
	LineSuspended = "suspended"
)

// Profile is a reserved eSIM profile.
type Profile struct {
	ICCID          string
	ActivationCode string // LPA:1$smdp.example$MATCHING-ID
	SMDPAddress    string
	Pending        bool // reservation confirmed later by callback
}

// Activation is the result of a download activation.
type Activation struct {
	ActivationID string
	ValidUntil   time.Time
}

// TopUpResult is the partner's receipt for an added bundle.
type TopUpResult struct {
	TransactionID string
	Pending       bool
}

// UsageWindow is consumption over [From, To).
type UsageWindow struct {
	ICCID string
	From  time.Time
	To    time.Time
	Bytes int64
}

// ReserveRequest asks for a new profile for a plan.
type ReserveRequest struct {
	PlanSKU   string
	Region    string
	DataBytes int64
	Days      int32
	Reference string
}

// ActivateRequest releases a reserved profile for download.
type ActivateRequest struct {
	ICCID     string
	Reference string
}

// TopUpRequest adds a data bundle to a live profile.
type TopUpRequest struct {
	ICCID      string
	BundleCode string
	DataBytes  int64
	Reference  string
}

// Carrier is the common surface of the partner clients. Reference, where a
// request carries one, is the platform's stable identifier for the operation.
type Carrier interface {
	Code() string
	SupportsReference() bool
	ReserveProfile(ctx context.Context, req ReserveRequest) (*Profile, error)
	ActivateProfile(ctx context.Context, req ActivateRequest) (*Activation, error)
	TopUp(ctx context.Context, req TopUpRequest) (*TopUpResult, error)
	SetLineState(ctx context.Context, iccid, state string) error
	Usage(ctx context.Context, iccid string, from, to time.Time) (*UsageWindow, error)
}

// Registry maps carrier codes to clients.
type Registry struct {
	byCode map[string]Carrier
}

// NewRegistry indexes cs by Code.
func NewRegistry(cs ...Carrier) *Registry {
	r := &Registry{byCode: make(map[string]Carrier, len(cs))}
	for _, c := range cs {
		r.byCode[c.Code()] = c
	}
	return r
}

// Get returns the client for code.
func (r *Registry) Get(code string) (Carrier, error) {
	c, ok := r.byCode[code]
	if !ok {
		return nil, fmt.Errorf("carriers: unknown carrier %q", code)
	}
	return c, nil
}

// Codes lists the registered carriers.
func (r *Registry) Codes() []string {
	out := make([]string, 0, len(r.byCode))
	for k := range r.byCode {
		out = append(out, k)
	}
	return out
}
