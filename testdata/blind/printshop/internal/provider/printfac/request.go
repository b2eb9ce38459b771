// Package printfac contains clients for the partner print facilities. Each
// facility speaks its own HTTP dialect; callers build a facility-neutral
// JobRequest and hand it to the Facility registered under the job's facility
// name.
package printfac

import (
	"context"
	"errors"
	"fmt"
	"sort"
)

type Recipient struct {
	Name       string
	Company    string
	Line1      string
	Line2      string
	City       string
	Region     string
	PostalCode string
	Country    string
	Phone      string
	Email      string
}

type Item struct {
	SKU        string
	Quantity   int
	ArtworkURL string
}

// JobRequest is the facility-neutral description of a print job.
type JobRequest struct {
	OrderRef  string
	DedupKey  string
	Recipient Recipient
	Items     []Item
	Priority  string
	Notes     string
}

type JobOption func(*JobRequest)

// NewJobRequest builds a JobRequest from options. Priority defaults to
// "standard".
func NewJobRequest(opts ...JobOption) JobRequest {
	r := JobRequest{Priority: "standard"}
	for _, o := range opts {
		o(&r)
	}
	return r
}

func WithOrderRef(ref string) JobOption { return func(r *JobRequest) { r.OrderRef = ref } }

// WithDedupKey sets the key that facilities supporting request
// de-duplication use to collapse repeated submissions.
func WithDedupKey(key string) JobOption { return func(r *JobRequest) { r.DedupKey = key } }

func WithRecipient(rc Recipient) JobOption { return func(r *JobRequest) { r.Recipient = rc } }

func WithItems(items ...Item) JobOption {
	return func(r *JobRequest) { r.Items = append(r.Items, items...) }
}

func WithPriority(p string) JobOption { return func(r *JobRequest) { r.Priority = p } }

func WithNotes(n string) JobOption { return func(r *JobRequest) { r.Notes = n } }

func (r JobRequest) Validate() error {
	if r.OrderRef == "" {
		return errors.New("printfac: order reference is required")
	}
	if len(r.Items) == 0 {
		return errors.New("printfac: at least one item is required")
	}
	if r.Recipient.Line1 == "" || r.Recipient.Country == "" {
		return errors.New("printfac: recipient address is incomplete")
	}
	return nil
}

// Submission is what a facility returns for an accepted job.
type Submission struct {
	FacilityJobID string
	Duplicate     bool
	EstimatedShip string
}

type JobStatus struct {
	FacilityJobID string
	Status        string
	Tracking      string
}

type Facility interface {
	Name() string
	Submit(ctx context.Context, req JobRequest) (Submission, error)
	Cancel(ctx context.Context, facilityJobID string) error
	Status(ctx context.Context, facilityJobID string) (JobStatus, error)
}

// Registry looks facilities up by name.
type Registry struct {
	byName map[string]Facility
}

func NewRegistry(fs ...Facility) *Registry {
	r := &Registry{byName: make(map[string]Facility, len(fs))}
	for _, f := range fs {
		r.byName[f.Name()] = f
	}
	return r
}

func (r *Registry) Get(name string) (Facility, error) {
	f, ok := r.byName[name]
	if !ok {
		return nil, fmt.Errorf("printfac: unknown facility %q", name)
	}
	return f, nil
}

func (r *Registry) Names() []string {
	out := make([]string, 0, len(r.byName))
	for n := range r.byName {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
