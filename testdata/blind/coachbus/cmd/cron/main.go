// Command cron runs one scheduled task and exits:
//
//	cron expire-holds | trip-reminders | payout-sweep
package main

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/northline/coachbus/internal/app"
	"github.com/northline/coachbus/internal/cron"
	"github.com/northline/coachbus/internal/db"
)

type task interface {
	Run(ctx context.Context) error
}

// tasks maps the CLI name to a resolver for the task in the container.
var tasks = map[string]func(c app.Container) (task, error){
	"expire-holds":   resolve[*cron.HoldExpirer],
	"trip-reminders": resolve[*cron.ReminderSender],
	"payout-sweep":   resolve[*cron.PayoutSweep],
}

func resolve[T task](c app.Container) (task, error) {
	var t T
	err := c.Invoke(func(v T) { t = v })
	return t, err
}

func main() {
	if len(os.Args) != 2 || tasks[os.Args[1]] == nil {
		names := make([]string, 0, len(tasks))
		for n := range tasks {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Fprintf(os.Stderr, "usage: cron <%s>\n", strings.Join(names, "|"))
		os.Exit(2)
	}
	os.Exit(app.Main(run))
}

func run(ctx context.Context, c app.Container) error {
	t, err := tasks[os.Args[1]](c)
	if err != nil {
		return err
	}
	defer func() { _ = c.Invoke(func(store *db.Store) { store.Pool().Close() }) }()
	return t.Run(ctx)
}
