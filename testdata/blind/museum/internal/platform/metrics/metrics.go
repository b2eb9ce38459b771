package metrics

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

type Registry struct {
	reg *prometheus.Registry

	CommandDuration *prometheus.HistogramVec
	CommandErrors   *prometheus.CounterVec
	MessagesHandled *prometheus.CounterVec
	ProviderCalls   *prometheus.HistogramVec
}

func NewRegistry() *Registry {
	reg := prometheus.NewRegistry()
	r := &Registry{
		reg: reg,
		CommandDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "museum",
			Name:      "command_duration_seconds",
			Help:      "Duration of command handler executions.",
			Buckets:   prometheus.DefBuckets,
		}, []string{"command"}),
		CommandErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "museum",
			Name:      "command_errors_total",
			Help:      "Command handler failures.",
		}, []string{"command"}),
		MessagesHandled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "museum",
			Name:      "messages_handled_total",
			Help:      "Messages handled by consumer and outcome.",
		}, []string{"handler", "outcome"}),
		ProviderCalls: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "museum",
			Name:      "provider_call_seconds",
			Help:      "Latency of outbound provider calls.",
			Buckets:   []float64{.05, .1, .25, .5, 1, 2.5, 5, 10, 20},
		}, []string{"provider", "operation", "status"}),
	}
	reg.MustRegister(r.CommandDuration, r.CommandErrors, r.MessagesHandled, r.ProviderCalls)
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return r
}

func (r *Registry) Handler() http.Handler {
	return promhttp.HandlerFor(r.reg, promhttp.HandlerOpts{})
}
