package shippingmethods

import "fmt"

// NameSQL is the SQL expression of the name of the shipping method in the given tenant and
// id columns (NULL when none): a record of another area that shows the method's name reads
// it in the statement that reads the record.
func NameSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT sm.name FROM shipping_methods sm WHERE sm.tenant_id = %s AND sm.id = %s)`, tenantColumn, idColumn)
}

// VersionSQL is the SQL expression of the version of the shipping method in the given tenant
// and id columns (NULL when none), which the ETag of a record showing its name folds in.
func VersionSQL(tenantColumn, idColumn string) string {
	return fmt.Sprintf(`(SELECT sm.version FROM shipping_methods sm WHERE sm.tenant_id = %s AND sm.id = %s)`, tenantColumn, idColumn)
}
