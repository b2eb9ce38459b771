// Package jobs holds the batch jobs run by registry-cron. Each job is run by
// a Kubernetes CronJob; a run that exits non-zero is restarted by the Job
// controller (backoffLimit 4) with the same arguments.
package jobs

import (
	"context"
	"flag"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/kelpline-systems/quotareg/internal/ports"
)

// Job is one named batch job. Args are the command-line arguments after the
// job name.
type Job struct {
	Name    string
	Summary string
	Run     func(ctx context.Context, args []string) error
}

type Registry map[string]Job

func (r Registry) Names() []string {
	names := make([]string, 0, len(r))
	for n := range r {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (r Registry) Run(ctx context.Context, name string, args []string) error {
	j, ok := r[name]
	if !ok {
		return fmt.Errorf("jobs: unknown job %q (have %v)", name, r.Names())
	}
	return j.Run(ctx, args)
}

// NewRegistry builds the job table.
func NewRegistry(fees ports.FeeRunService, relay *OutboxRelay) Registry {
	jobs := []Job{
		{
			Name:    "licence-fees",
			Summary: "raise monthly licence fee invoices (-period YYYY-MM, default previous month)",
			Run: func(ctx context.Context, args []string) error {
				fs := flag.NewFlagSet("licence-fees", flag.ContinueOnError)
				period := fs.String("period", time.Now().AddDate(0, -1, 0).Format("2006-01"), "billing period")
				if err := fs.Parse(args); err != nil {
					return err
				}
				return fees.RunLicenceFees(ctx, *period)
			},
		},
		{
			Name:    "overage-penalties",
			Summary: "bill quota overage for a closed season (-season YYYY)",
			Run: func(ctx context.Context, args []string) error {
				fs := flag.NewFlagSet("overage-penalties", flag.ContinueOnError)
				season := fs.String("season", strconv.Itoa(time.Now().Year()-1), "season")
				if err := fs.Parse(args); err != nil {
					return err
				}
				n, err := strconv.Atoi(*season)
				if err != nil {
					return fmt.Errorf("overage-penalties: bad season %q", *season)
				}
				return fees.RunOveragePenalties(ctx, n)
			},
		},
		{
			Name:    "outbox-relay",
			Summary: "move pending outbox jobs onto the task queue",
			Run: func(ctx context.Context, _ []string) error {
				return relay.Drain(ctx)
			},
		},
	}
	reg := Registry{}
	for _, j := range jobs {
		reg[j.Name] = j
	}
	return reg
}
