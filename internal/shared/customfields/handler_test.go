package customfields

import (
	"slices"
	"testing"

	"mos/gen"
)

// TestModulesAndTypesMatchTheSpec keeps the Go constants other areas pass in step with the
// spec's CustomFieldModule and CustomFieldType enums.
func TestModulesAndTypesMatchTheSpec(t *testing.T) {
	t.Parallel()
	spec, err := gen.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	enum := func(schema string) []string {
		var out []string
		for _, v := range spec.Components.Schemas[schema].Value.Enum {
			out = append(out, v.(string))
		}
		return out
	}
	var modules, types []string
	for _, m := range Modules {
		modules = append(modules, string(m))
	}
	for _, ty := range Types {
		types = append(types, string(ty))
	}
	if got, want := modules, enum("CustomFieldModule"); !slices.Equal(got, want) {
		t.Errorf("Modules %v, spec %v", got, want)
	}
	if got, want := types, enum("CustomFieldType"); !slices.Equal(got, want) {
		t.Errorf("Types %v, spec %v", got, want)
	}
}
